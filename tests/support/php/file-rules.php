<?php
// Checks one whole PHP file against the two file-level rules of Moodle's coding style that
// moodle-cs enforces, and prints the problems found as JSON (an empty list when it passes):
//
// - moodle.Files.BoilerplateComment: the file opens with the GPL boilerplate comment, line for
//   line, right after the opening tag.
// - moodle.Files.MoodleInternal: a file that changes global state starts with
//   `defined('MOODLE_INTERNAL') || die();` (or requires config.php); a file that only declares
//   one class, interface, trait, enum or functions must not have the check, and one that
//   declares several should.
//
// The MoodleInternal logic follows the sniff (moodlehq/moodle-cs, MoodleInternalSniff.php,
// itself modelled on PSR1.Files.SideEffects), using PHP's own tokenizer.
//
// Usage: php file-rules.php <file> [<path of the file in a plugin or in Moodle>]
//
// Like the sniff, the MOODLE_INTERNAL rule skips language files and Behat files, which the
// path (when given) tells apart.

const BOILERPLATE = [
    '// This file is part of Moodle - http',
    '//',
    '// Moodle is free software: you can redistribute it and/or modify',
    '// it under the terms of the GNU General Public License as published by',
    '// the Free Software Foundation, either version 3 of the License, or',
    '// (at your option) any later version.',
    '//',
    '// Moodle is distributed in the hope that it will be useful,',
    '// but WITHOUT ANY WARRANTY; without even the implied warranty of',
    '// MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the',
    '// GNU General Public License for more details.',
    '//',
    '// You should have received a copy of the GNU General Public License',
    '// along with Moodle.  If not, see <http',
];

/** @return array{line:int,message:string}[] */
function boilerplate_problems(string $source): array {
    $lines = preg_split('/\R/', $source);
    if (!str_starts_with($lines[0] ?? '', '<?php')) {
        return [['line' => 1, 'message' => 'moodle.Files.BoilerplateComment: the first thing in the file must be the <?php tag']];
    }
    // The sniff allows a blank line between the tag and the comment.
    $start = trim($lines[1] ?? '') === '' ? 2 : 1;
    foreach (BOILERPLATE as $index => $expected) {
        $actual = rtrim($lines[$start + $index] ?? '');
        $matches = str_ends_with($expected, 'http')
            ? preg_match('#^' . preg_quote($expected, '#') . 's?://(www\.)?(moodle\.org|gnu\.org/licenses)/?>?\.?$#', $actual) === 1
            : $actual === $expected;
        if (!$matches) {
            return [[
                'line' => $start + $index + 1,
                'message' => "moodle.Files.BoilerplateComment: expected \"{$expected}…\", found \"{$actual}\"",
            ]];
        }
    }
    return [];
}

/** The file's tokens without whitespace and comments, each [id or char, text, line]. */
function code_tokens(string $source): array {
    $tokens = [];
    $line = 1;
    foreach (token_get_all($source) as $token) {
        if (is_array($token)) {
            [$id, $text, $line] = $token;
            if (in_array($id, [T_WHITESPACE, T_COMMENT, T_DOC_COMMENT, T_OPEN_TAG, T_CLOSE_TAG, T_INLINE_HTML], true)) {
                continue;
            }
            $tokens[] = [$id, $text, $line];
        } else {
            $tokens[] = [$token, $token, $line];
        }
    }
    return $tokens;
}

/** The index just past the statement starting at $i (after its `;`, or its block's `}`). */
function statement_end(array $tokens, int $i): int {
    $depth = 0;
    for ($n = count($tokens); $i < $n; $i++) {
        $text = $tokens[$i][1];
        if (in_array($text, ['(', '[', '{'], true) || $tokens[$i][0] === T_CURLY_OPEN || $tokens[$i][0] === T_DOLLAR_OPEN_CURLY_BRACES) {
            $depth++;
        } else if (in_array($text, [')', ']', '}'], true)) {
            $depth--;
            if ($depth === 0 && $text === '}' && ($tokens[$i + 1][1] ?? '') !== ';' && ($tokens[$i + 1][1] ?? '') !== ')') {
                return $i + 1;
            }
        } else if ($text === ';' && $depth === 0) {
            return $i + 1;
        }
    }
    return $i;
}

/**
 * The index just past the bracketed group that opens at $i: a token whose id is in $opens raises
 * the depth (`{`, and the `{` of string interpolation), $close lowers it.
 */
function group_end(array $tokens, int $i, array $opens, string $close): int {
    $depth = 0;
    for ($n = count($tokens); $i < $n; $i++) {
        if (in_array($tokens[$i][0], $opens, true)) {
            $depth++;
        } else if ($tokens[$i][1] === $close && --$depth === 0) {
            return $i + 1;
        }
    }
    return $i;
}

/** The index just past the block (`{…}`) that opens at or after $i. */
function block_end(array $tokens, int $i): int {
    while (isset($tokens[$i]) && $tokens[$i][1] !== '{') {
        if ($tokens[$i][1] === ';') {
            return $i + 1; // An abstract or interface declaration with no body.
        }
        $i++;
    }
    return group_end($tokens, $i, ['{', T_CURLY_OPEN, T_DOLLAR_OPEN_CURLY_BRACES], '}');
}

const SYMBOLS = [T_CLASS, T_INTERFACE, T_TRAIT, T_FUNCTION, T_ENUM];
const MODIFIERS = [T_ABSTRACT, T_FINAL, T_READONLY];

/** Whether the tokens from $start to $end do more than declare symbols (the sniff's "global state"). */
function changes_global_state(array $tokens, int $start, int $end): bool {
    for ($i = $start; $i < $end;) {
        [$id, $text] = $tokens[$i];
        if (in_array($id, MODIFIERS, true)) {
            $i++;
            continue;
        }
        if ($id === T_ATTRIBUTE) {
            $i = group_end($tokens, $i, [T_ATTRIBUTE, '['], ']');
            continue;
        }
        if (in_array($id, [T_NAMESPACE, T_USE, T_DECLARE, T_CONST], true)) {
            $i = statement_end($tokens, $i);
            continue;
        }
        if (in_array($id, SYMBOLS, true)) {
            $i = block_end($tokens, $i);
            continue;
        }
        if ($id === T_STRING && in_array(strtolower($text), ['define', 'class_alias'], true)) {
            $i = statement_end($tokens, $i);
            continue;
        }
        if (in_array($id, [T_IF, T_ELSEIF, T_ELSE], true)) {
            $open = $i;
            while (isset($tokens[$open]) && $tokens[$open][1] !== '{' && $tokens[$open][1] !== ':' && $tokens[$open][1] !== ';') {
                if ($tokens[$open][1] === '(') {
                    $open = group_end($tokens, $open, ['('], ')');
                    continue;
                }
                $open++;
            }
            if (($tokens[$open][1] ?? '') !== '{') {
                return true; // A one-line if without braces does something.
            }
            $close = block_end($tokens, $open);
            if (changes_global_state($tokens, $open + 1, $close - 1)) {
                return true;
            }
            $i = $close;
            continue;
        }
        return true;
    }
    return false;
}

/** @return array{line:int,message:string}[] */
function moodle_internal_problems(string $source): array {
    $tokens = code_tokens($source);
    $count = count($tokens);
    // The first relevant code: past namespace, use, declare, define() and attributes.
    $i = 0;
    while ($i < $count) {
        [$id, $text] = $tokens[$i];
        if (in_array($id, [T_NAMESPACE, T_USE, T_DECLARE], true) || ($id === T_STRING && $text === 'define')) {
            $i = statement_end($tokens, $i);
        } else if ($id === T_ATTRIBUTE) {
            $i = group_end($tokens, $i, [T_ATTRIBUTE, '['], ']');
        } else {
            break;
        }
    }
    if ($i >= $count) {
        return [];
    }
    $line = $tokens[$i][2];
    if (in_array($tokens[$i][0], [T_REQUIRE, T_REQUIRE_ONCE], true)) {
        $end = statement_end($tokens, $i);
        $statement = implode('', array_map(fn($token) => $token[1], array_slice($tokens, $i, $end - $i)));
        if (str_contains($statement, '/config.php')) {
            return [];
        }
    }
    $sideeffectsfrom = $i;
    $hasinternal = false;
    $check = implode('', array_map(fn($token) => $token[1], array_slice($tokens, $i, 8)));
    if (preg_match("/^defined\\('MOODLE_INTERNAL'\\)(\\|\\||or)(die|exit)/i", $check)) {
        $hasinternal = true;
        $sideeffectsfrom = statement_end($tokens, $i);
    } else if (preg_match("/^if\\(!defined\\('MOODLE_INTERNAL'\\)\\)/i", $check)) {
        return [['line' => $line, 'message' => "moodle.Files.MoodleInternal: old MOODLE_INTERNAL check; write defined('MOODLE_INTERNAL') || die();"]];
    }
    $sideeffects = changes_global_state($tokens, $sideeffectsfrom, $count);
    $artifacts = 0;
    foreach ($tokens as $index => [$id]) {
        $previous = $tokens[$index - 1][0] ?? null;
        if (in_array($id, [T_CLASS, T_INTERFACE, T_TRAIT, T_ENUM], true) && $previous !== T_DOUBLE_COLON && $previous !== T_NEW) {
            $artifacts++;
        }
    }
    if (!$hasinternal && $sideeffects) {
        return [['line' => $line, 'message' => 'moodle.Files.MoodleInternal: expected a MOODLE_INTERNAL check or a config.php inclusion: the file changes global state']];
    }
    if (!$hasinternal && $artifacts > 1) {
        return [['line' => $line, 'message' => 'moodle.Files.MoodleInternal: expected a MOODLE_INTERNAL check or a config.php inclusion: the file declares several classes']];
    }
    if ($hasinternal && !$sideeffects && $artifacts <= 1) {
        return [['line' => $line, 'message' => 'moodle.Files.MoodleInternal: unexpected MOODLE_INTERNAL check: the file only declares symbols']];
    }
    return [];
}

$source = file_get_contents($argv[1]);
$path = str_replace('\\', '/', $argv[2] ?? '');
$exempt = preg_match('#(^|/)(tests|lib)/behat/|(^|/)lang/#', $path) === 1;
echo json_encode(array_merge(boilerplate_problems($source), $exempt ? [] : moodle_internal_problems($source)), JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
