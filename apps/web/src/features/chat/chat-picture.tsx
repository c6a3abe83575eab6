import type { ChatImageSize } from '@tessera/contract/routes/chat';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../ui/button';
import { Spinner } from '../../ui/spinner';

export type LoadImage = (messageId: string, size: ChatImageSize, signal: AbortSignal) => Promise<Blob>;

/** A chat picture's object URL while it is shown: fetched with the chat's credentials, released when gone. */
function usePictureUrl(load: LoadImage, messageId: string, size: ChatImageSize) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    load(messageId, size, controller.signal)
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [load, messageId, size]);
  return { url, failed };
}

/** The thumbnail in a chat bubble: a button that opens the picture at full size. */
export function ChatThumbnail({
  load,
  messageId,
  image,
  onOpen,
}: {
  load: LoadImage;
  messageId: string;
  image: { width: number; height: number };
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const { url, failed } = usePictureUrl(load, messageId, 'thumb');
  const scale = Math.min(1, 200 / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  if (failed) return <p className="text-xs opacity-80">{t('chat.picture_failed')}</p>;
  return (
    <button
      type="button"
      className="block overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2"
      onClick={onOpen}
      aria-label={t('chat.picture_open')}
      data-testid="chat-thumbnail"
    >
      {url ? (
        <img src={url} alt={t('chat.picture')} width={width} height={height} className="block max-w-full" />
      ) : (
        <span className="flex h-20 w-28 items-center justify-center">
          <Spinner />
        </span>
      )}
    </button>
  );
}

/** The picture at full size, in place of the conversation, until the player goes back to it. */
export function ChatPictureViewer({ load, messageId, onClose }: { load: LoadImage; messageId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { url, failed } = usePictureUrl(load, messageId, 'full');
  const back = useRef<HTMLButtonElement>(null);
  // The viewer replaces the conversation: its one control takes the focus, and the thumbnail gets it back after.
  useEffect(() => back.current?.focus(), []);
  return (
    <figure className="flex min-h-0 flex-1 flex-col items-center gap-3" data-testid="chat-picture-full">
      <div className="flex min-h-0 w-full flex-1 items-center justify-center">
        {failed && <p role="alert">{t('chat.picture_failed')}</p>}
        {!failed && !url && <Spinner />}
        {url && <img src={url} alt={t('chat.picture')} className="max-h-full max-w-full object-contain" />}
      </div>
      <button ref={back} type="button" className={buttonClass('secondary')} onClick={onClose}>
        {t('chat.picture_back')}
      </button>
    </figure>
  );
}
