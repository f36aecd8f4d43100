/**
 * On a page's first load, the article's tables stay the server's HTML until the reader interacts
 * with them (src/rehype/lazyHydration.ts), so the table component's own overflow watch does not
 * run for them: this module watches them instead, so that a table wider than its column takes
 * keyboard focus from the start. Pages reached by navigating inside the site render their tables
 * with React, which watches them itself.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import type { ClientModule } from '@docusaurus/types';
import { focusWhileOverflowing } from '../components/ScrollableTable';

const clientModule: ClientModule = {
  onRouteDidUpdate({ previousLocation }) {
    if (previousLocation !== null) {
      return;
    }
    for (const table of document.querySelectorAll<HTMLTableElement>('.markdown table')) {
      focusWhileOverflowing(table);
    }
  },
};

export default ExecutionEnvironment.canUseDOM ? clientModule : {};
