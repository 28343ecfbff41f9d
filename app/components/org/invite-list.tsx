import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';

export interface InviteItem {
  id: string;
  organization: string;
  role: string;
}

/** The viewer's pending invitations, each with a plain form that accepts it (works without JavaScript). */
export function InviteList({ invites, empty, intent }: { invites: InviteItem[]; empty: string; intent?: string }) {
  const { t } = useTranslation('org');
  if (invites.length === 0) return <p className="mt-2 text-gray-700">{empty}</p>;
  return (
    <ul className="mt-4 divide-y">
      {invites.map((invite) => (
        <li key={invite.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
          <div>
            <p className="font-medium">{invite.organization}</p>
            <p className="text-sm text-gray-600">{t('onboarding.invitedAs', { role: t(`roles.${invite.role}`) })}</p>
          </div>
          <Form method="post">
            {intent ? <input type="hidden" name="intent" value={intent} /> : null}
            <input type="hidden" name="inviteId" value={invite.id} />
            <Button type="submit" variant="darkBlue">
              {t('onboarding.accept', { name: invite.organization })}
            </Button>
          </Form>
        </li>
      ))}
    </ul>
  );
}
