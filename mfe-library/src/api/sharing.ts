/** The library's share calls: a share, and a folder's share link. */
import { api } from 'shared-contracts';
import { absoluteUrl } from '../components/flyouts/shareConnection';

/** Records a share (a network share for the shared history, or the email share that sends the mail). */
export const shareItem = (body: Parameters<typeof api.share>[0]): ReturnType<typeof api.share> => api.share(body);

/** The folder's share link, absolute. */
export const loadFolderLink = (id: string): Promise<string> => api.listUrl(id).then(({ listurl }) => absoluteUrl(listurl));
