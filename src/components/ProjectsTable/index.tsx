import type { ReactNode } from 'react';
import Link from '@docusaurus/Link';
import projects from '@site/data/projects.json';
import type { Project, ProjectsData } from '@site/src/utils/siteDataTypes';

const data = projects as ProjectsData;

function LinkList({ links }: { links?: Project['issueLinks'] }): ReactNode {
  if (!links?.length) {
    return <span aria-label="None">–</span>;
  }
  return (
    <ul>
      {links.map((link) => (
        <li key={link.link}>
          <Link href={link.link}>{link.title}</Link>
        </li>
      ))}
    </ul>
  );
}

/** Every project in data/projects.json with its status, owners, issues and discussions. */
export default function ProjectsTable(): ReactNode {
  const entries = Object.entries(data.projects).sort(([, a], [, b]) => a.title.localeCompare(b.title));
  return (
    <table>
      <caption>Developer projects ({entries.length})</caption>
      <thead>
        <tr>
          <th scope="col">Project</th>
          <th scope="col">Status</th>
          <th scope="col">Owners</th>
          <th scope="col">Issues</th>
          <th scope="col">Discussions</th>
        </tr>
      </thead>
      <tbody>
        {entries.map(([key, project]) => (
          <tr key={key}>
            <th scope="row">{project.title}</th>
            <td>{project.status}</td>
            <td>
              <ul>
                {project.owners.map((owner) => (
                  <li key={owner.name}>
                    {owner.githubUsername ? <Link href={`https://github.com/${owner.githubUsername}`}>{owner.name}</Link> : owner.name}
                  </li>
                ))}
              </ul>
            </td>
            <td>
              <LinkList links={project.issueLinks} />
            </td>
            <td>
              <LinkList links={project.discussionLinks} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
