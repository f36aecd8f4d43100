/** Modules the site-data plugin writes at build time (see index.ts). */
declare module '@generated/site-data/default/requirements.json' {
  import type { RequirementsBySeries } from '@site/src/plugins/site-data/utils';

  const requirements: RequirementsBySeries;
  export default requirements;
}
