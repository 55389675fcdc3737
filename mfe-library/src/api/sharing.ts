/** The library's share calls: a share, and a folder's share link. */
import { api } from 'shared-contracts';
import { ListUrlSchema, ShareResultSchema, type ShareRequest, type ShareResult } from 'shared-contracts/library';
import { absoluteUrl } from '../components/flyouts/shareConnection';

/** Records a share (a network share for the shared history, or the email share that sends the mail). */
export const shareItem = (body: ShareRequest): Promise<ShareResult> => api.request('POST', '/service/user/share', ShareResultSchema, body);

/** The folder's share link, absolute. */
export const loadFolderLink = (id: string): Promise<string> =>
  api.request('GET', `/service/user/list/url/${encodeURIComponent(id)}`, ListUrlSchema).then(({ listurl }) => absoluteUrl(listurl));
