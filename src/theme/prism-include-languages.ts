/**
 * Wraps the theme's loader of extra Prism languages to add aliases for fence names our pages
 * use that Prism knows under another name. Moodle templates are Mustache, which Prism
 * highlights with its Handlebars grammar.
 */
import type * as PrismNamespace from 'prismjs';
import prismIncludeLanguagesOriginalUntyped from '@theme-original/prism-include-languages';
import type prismIncludeLanguagesType from '@theme/prism-include-languages';

// @theme-original modules are typed as any; this one has the same signature as @theme's.
const prismIncludeLanguagesOriginal = prismIncludeLanguagesOriginalUntyped as typeof prismIncludeLanguagesType;

export const languageAliases: Record<string, string> = {
  mustache: 'handlebars',
};

export default function prismIncludeLanguages(PrismObject: typeof PrismNamespace): void {
  prismIncludeLanguagesOriginal(PrismObject);
  for (const [alias, language] of Object.entries(languageAliases)) {
    PrismObject.languages[alias] = PrismObject.languages[language];
  }
}
