import { type ChatImageSize, consoleImage } from '@tessera/contract/routes/chat';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiBlob } from '../../lib/api';

/** A chat picture's object URL while it is shown: fetched with the staff token, released when gone. */
function usePictureUrl(id: string, messageId: string, size: ChatImageSize) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    apiBlob(consoleImage, { id, messageId, size }, controller.signal)
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
  }, [id, messageId, size]);
  return { url, failed };
}

/** The thumbnail in a chat bubble: a button that opens the picture at full size. */
export function ChatThumbnail({
  id,
  messageId,
  image,
  onOpen,
}: {
  id: string;
  messageId: string;
  image: { width: number; height: number };
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const { url, failed } = usePictureUrl(id, messageId, 'thumb');
  const scale = Math.min(1, 200 / Math.max(image.width, image.height));
  if (failed) return <p className="muted">{t('chat.picture_failed')}</p>;
  return (
    <button
      type="button"
      className="chat-thumbnail"
      onClick={onOpen}
      aria-label={t('chat.picture_open')}
      data-testid="chat-thumbnail"
    >
      {url ? (
        <img
          src={url}
          alt={t('chat.picture')}
          width={Math.max(1, Math.round(image.width * scale))}
          height={Math.max(1, Math.round(image.height * scale))}
        />
      ) : (
        <span className="muted">…</span>
      )}
    </button>
  );
}

/** The picture at full size, in place of the transcript, until staff go back to it. */
export function ChatPictureViewer({ id, messageId, onClose }: { id: string; messageId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { url, failed } = usePictureUrl(id, messageId, 'full');
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <figure className="chat-picture-full" data-testid="chat-picture-full">
      {failed && <p role="alert">{t('chat.picture_failed')}</p>}
      {url && <img src={url} alt={t('chat.picture')} />}
      <button ref={back} type="button" className="btn btn-small" onClick={onClose}>
        {t('chat.picture_back')}
      </button>
    </figure>
  );
}
