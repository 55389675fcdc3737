/**
 * Save and Share for a video through the host's slot (library/ItemActions). Share is hidden for
 * subscriber-only videos (paywall §2, §6). Without a host slot nothing is shown.
 */
import { useRemoteSlot, videoPath, type Video } from 'shared-contracts';

export function ItemActionsSlot({ video, nameWithTitle = false }: { video: Video; nameWithTitle?: boolean }) {
  const Slot = useRemoteSlot();
  if (!Slot) return null;
  return (
    <Slot
      remote="library"
      module="ItemActions"
      className="video-item-actions"
      props={{
        item: { id: video.id, title: video.name, url: videoPath(video), summary: video.description, contentType: 'Video' },
        share: !video.subscriberOnly,
        nameWithTitle,
      }}
      fallback={null}
    />
  );
}
