/**
 * Wraps the version dropdown so that each version in its menu says where it stands today
 * ("4.1 · Support ended"), from the release data and the reader's date, like /versions does. A
 * version whose series is planned past its date reads "Planned, not confirmed", never a support
 * period the data cannot confirm.
 */
import type { ReactNode } from 'react';
import DocsVersionDropdownNavbarItem from '@theme-original/NavbarItem/DocsVersionDropdownNavbarItem';
import type { Props } from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';
import { useVersions } from '@docusaurus/plugin-content-docs/client';
import { supportStatus, supportStatusLabels } from '@site/src/utils/moodleReleases';
import { useSiteData } from '@site/src/utils/useSiteData';
import { useToday } from '@site/src/utils/useToday';
import styles from './styles.module.css';

export default function DocsVersionDropdownNavbarItemWrapper(props: Props): ReactNode {
  const versions = useVersions(props.docsPluginId);
  const { series, snapshotDate } = useSiteData();
  const today = useToday();
  const labelled = Object.fromEntries(
    versions.map((version) => {
      const entry = series.find((candidate) => candidate.name === version.name);
      if (!entry) {
        return [version.name, { label: version.label }];
      }
      const label = (
        <>
          {version.label}
          <span className={styles.status}> · {supportStatusLabels[supportStatus(entry, today, snapshotDate)]}</span>
        </>
      );
      // The theme types labels as strings but renders them as React children; the status is an
      // element so that the dropdown's own button (which shows the same label) can hide it.
      return [version.name, { label: label as unknown as string }];
    }),
  );
  return <DocsVersionDropdownNavbarItem {...props} versions={labelled} />;
}
