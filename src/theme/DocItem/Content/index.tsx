/**
 * Wraps the doc's content to put "Copy page" beside its title, and to point browsers and tools
 * at the page's Markdown version (<link rel="alternate" type="text/markdown">).
 */
import type { ReactNode } from 'react';
import Head from '@docusaurus/Head';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { WrapperProps } from '@docusaurus/types';
import CopyPageButton from '@site/src/components/CopyPageButton';

type Props = WrapperProps<typeof ContentType>;

export default function ContentWrapper(props: Props): ReactNode {
  const { permalink } = useDoc().metadata;
  return (
    <>
      <Head>
        <link rel="alternate" type="text/markdown" href={`${permalink}.md`} />
      </Head>
      <CopyPageButton permalink={permalink} />
      <Content {...props} />
    </>
  );
}
