/**
 * A bought line's files in the Ordered tab (issue 22; SITE-03 content block `downloads`): a link
 * per format, or 'expired' in its place once a case study's six months have passed (SITE-09). The
 * same links as the order page; the server checks each on every request.
 *
 * Markers: data-download-format on each link or expired label, data-download-expired.
 */
import { DOWNLOAD_TEXT, type DownloadLink } from 'shared-contracts/library';

const CSS = `
[data-remote-root="library"] .order-downloads { list-style: none; display: flex; flex-wrap: wrap; gap: .4rem; margin: .35rem 0 .25rem; padding: 0; font-family: Arial, sans-serif; font-size: .9rem; }
[data-remote-root="library"] .order-download-link { display: inline-block; border: 1px solid #a6192e; padding: .3rem .7rem; font-weight: 700; text-decoration: none; }
[data-remote-root="library"] .order-download-link:hover, [data-remote-root="library"] .order-download-link:focus { background: #a6192e; color: #fff; }
[data-remote-root="library"] .order-download-expired { display: inline-block; border: 1px dashed #999; padding: .3rem .7rem; color: #555; }
`;

export function OrderDownloads({ title, downloads }: { title: string; downloads: readonly DownloadLink[] }) {
  if (downloads.length === 0) return null;
  return (
    <>
      <style href="mfe-library-download-styles" precedence="default">
        {CSS}
      </style>
      <ul className="order-downloads" aria-label={DOWNLOAD_TEXT.listLabel(title)}>
        {downloads.map((d) => (
          <li key={d.format}>
            {d.expired ? (
              <span className="order-download-expired" data-download-format={d.format} data-download-expired="true">
                {DOWNLOAD_TEXT.expired(d.label)}
              </span>
            ) : (
              <a
                className="order-download-link"
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
