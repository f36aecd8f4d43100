/**
 * Wraps the theme's loader of extra Prism languages to register the aliases of
 * config/prism.ts (fence names our pages use that Prism knows under another name).
 */
import type * as PrismNamespace from 'prismjs';
import { addLanguageAliases } from '@site/config/prism';
import prismIncludeLanguagesOriginalUntyped from '@theme-original/prism-include-languages';
import type prismIncludeLanguagesType from '@theme/prism-include-languages';

// @theme-original modules are typed as any; this one has the same signature as @theme's.
const prismIncludeLanguagesOriginal = prismIncludeLanguagesOriginalUntyped as typeof prismIncludeLanguagesType;

export default function prismIncludeLanguages(PrismObject: typeof PrismNamespace): void {
  prismIncludeLanguagesOriginal(PrismObject);
  addLanguageAliases(PrismObject.languages);
}
