/**
 * A bought line's files (SITE-03 content block `downloads`): a link per format, or
 * 'expired' in its place once a case study's six months have passed (SITE-09). One list for the
 * store's order page and My Library's Ordered tab; the server checks each link on every request.
 *
 * Markers: data-download-format on each link or expired label, data-download-expired.
 */
import { DOWNLOAD_TEXT, type DownloadLink } from './downloads';

const CSS = `
.download-links { list-style: none; display: flex; flex-wrap: wrap; gap: .4rem; margin: .35rem 0 .25rem; padding: 0; font-family: Arial, sans-serif; font-size: .9rem; }
.download-link { display: inline-block; border: 1px solid #a6192e; padding: .35rem .75rem; font-weight: 700; text-decoration: none; }
.download-link:hover, .download-link:focus { background: #a6192e; color: #fff; }
.download-expired { display: inline-block; border: 1px dashed #999; padding: .35rem .75rem; color: #555; }
`;

export function DownloadLinks({ title, downloads }: { title: string; downloads: readonly DownloadLink[] }) {
  if (downloads.length === 0) return null;
  return (
    <>
      <style href="shared-download-links" precedence="default">
        {CSS}
      </style>
      <ul className="download-links" aria-label={DOWNLOAD_TEXT.listLabel(title)}>
        {downloads.map((d) => (
          <li key={d.format}>
            {d.expired ? (
              <span className="download-expired" data-download-format={d.format} data-download-expired="true">
                {DOWNLOAD_TEXT.expired(d.label)}
              </span>
            ) : (
              <a
                className="download-link"
                href={d.link}
                aria-label={DOWNLOAD_TEXT.linkName(d.label, title)}
                data-download-format={d.format}
                data-download-expired="false"
              >
                {DOWNLOAD_TEXT.linkText(d.label)}
              </a>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
