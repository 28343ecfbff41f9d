import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '~/components/events/confirm-delete';

/**
 * The room editor's delete button that asks first, at the end of its row (rooms, panoramas, points, tour steps): its texts are the
 * `roomseditor` keys `<texts>`, `<texts>Named`, `<texts>Title` and `<texts>Text`, each given the object's name.
 */
export function EditorDelete({ intent, id, name, texts }: { intent: string; id: string; name: string; texts: string }) {
  const { t } = useTranslation('roomseditor');
  return (
    <div className="ml-auto">
      <ConfirmDelete
        intent={intent}
        id={id}
        name={name}
        label={t(texts)}
        ariaLabel={t(`${texts}Named`, { name, title: name })}
        title={t(`${texts}Title`)}
        message={t(`${texts}Text`, { name })}
      />
    </div>
  );
}
