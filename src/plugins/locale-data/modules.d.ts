/** The Docusaurus modules the locale-data plugin (index.ts) replaces, under the aliases its stand-ins import them by. */
declare module '@locale-data/original/docsClientUtils' {
  export * from '@docusaurus/plugin-content-docs/lib/client/docsClientUtils.js';
}

declare module '@locale-data/original/reactUtils' {
  import type { ComponentType, ReactNode } from 'react';

  export function useEvent<T extends (...args: never[]) => unknown>(callback: T): T;
  export function usePrevious<T>(value: T): T | undefined;
  export class ReactContextError extends Error {
    constructor(providerName: string, additionalInfo?: string);
  }
  export function useShallowMemoObject<O extends object>(obj: O): O;
  export function composeProviders(providers: ComponentType<{ children: ReactNode }>[]): ComponentType<{ children: ReactNode }>;
}
