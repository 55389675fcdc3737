/**
 * What My Library and a shared folder show while they load: first their code (a member's My Library
 * and the shared folder page are chunks of their own, loaded when shown), then their data. One view
 * for both, so the reader sees no step between the two.
 */
import { LIBRARY_TEXT } from '../../text';

export function FoldersLoading() {
  return <p role="status">{LIBRARY_TEXT.loadingFolders}</p>;
}

export function SharedFolderLoading() {
  return (
    <div className="shared-folder" data-shared-folder="loading">
      <h1>{LIBRARY_TEXT.shared.fallbackHeading}</h1>
      <p role="status">{LIBRARY_TEXT.loading}</p>
    </div>
  );
}
