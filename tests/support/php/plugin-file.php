<?php
// Loads one example plugin file the way Moodle does (an include with the variables Moodle
// provides) and prints, as JSON, what the file defined, or the error that stopped it.
//
// Usage: php plugin-file.php <file>
//
// The constants are Moodle's names; their values only need to be distinct here. An example
// that uses a constant Moodle does not define stops with "Undefined constant".

const MOODLE_INTERNAL = true;
const MATURITY_ALPHA = 50;
const MATURITY_BETA = 100;
const MATURITY_RC = 150;
const MATURITY_STABLE = 200;
const ANY_VERSION = 'any';
const CONTEXT_SYSTEM = 10;
const CONTEXT_USER = 30;
const CONTEXT_COURSECAT = 40;
const CONTEXT_COURSE = 50;
const CONTEXT_MODULE = 70;
const CONTEXT_BLOCK = 80;
const RISK_MANAGETRUST = 0x0001;
const RISK_CONFIG = 0x0002;
const RISK_XSS = 0x0004;
const RISK_PERSONAL = 0x0008;
const RISK_SPAM = 0x0010;
const RISK_DATALOSS = 0x0020;
const CAP_INHERIT = 0;
const CAP_ALLOW = 1;
const CAP_PREVENT = -1;
const CAP_PROHIBIT = -1000;
const MOODLE_OFFICIAL_MOBILE_SERVICE = 'moodle_mobile_app';

function load_plugin_file(string $file): array {
    $plugin = new stdClass();
    $string = [];
    $capabilities = null;
    $deprecatedcapabilities = null;
    $functions = null;
    $services = null;
    $tasks = null;
    $addons = null;
    include($file);
    return [
        'plugin' => (array) $plugin,
        'string' => $string,
        'capabilities' => $capabilities,
        'deprecatedcapabilities' => $deprecatedcapabilities,
        'functions' => $functions,
        'services' => $services,
        'tasks' => $tasks,
        'addons' => $addons,
    ];
}

try {
    $result = ['ok' => load_plugin_file($argv[1])];
} catch (Throwable $error) {
    $result = ['error' => $error->getMessage(), 'line' => $error->getLine()];
}
echo json_encode($result, JSON_PRESERVE_ZERO_FRACTION);
