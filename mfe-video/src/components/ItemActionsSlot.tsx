/**
 * Save and Share for a video through the host's slot (library/ItemActions). Share is hidden for
 * subscriber-only videos (PAY-02, PAY-06). Without a host slot nothing is shown.
 */
import { HostItemActions } from 'shared-contracts';
import type { Video } from 'shared-contracts/video';
import { videoPath } from 'shared-contracts/video';

export function ItemActionsSlot({ video, nameWithTitle = false }: { video: Video; nameWithTitle?: boolean }) {
  return (
    <HostItemActions
      className="video-item-actions"
      item={{ id: video.id, title: video.name, url: videoPath(video), summary: video.description, contentType: 'Video' }}
      share={!video.subscriberOnly}
      nameWithTitle={nameWithTitle}
    />
  );
}
