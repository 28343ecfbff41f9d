import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import { Button } from '~/components/ui/button';
import { TextField } from '~/components/ui/field';
import type { StandPlace } from '~/server/services/events/hall-stands';
import { ApplyToHallForm } from '~/lib/schemas/event-forms';
import { FormErrors, SubmitButton, useRouteForm } from '../ui/route-form';

/** Which consent a place is waiting for, from the exhibitor's side. */
function stateOf(place: StandPlace): 'invited' | 'applied' | 'listed' {
  if (!place.standAccepted) return 'invited';
  return place.approved ? 'listed' : 'applied';
}

function ActionButton({ intent, place, state, variant, label, ariaLabel }: {
  intent: 'hallStandAccept' | 'hallStandDecline';
  place: StandPlace;
  state: string;
  variant: 'darkBlue' | 'whiteModal';
  label: string;
  ariaLabel: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={place.id} />
      <input type="hidden" name="state" value={state} />
      <Button type="submit" variant={variant} className="!px-3 !py-1.5 text-sm" aria-label={ariaLabel}>
        {label}
      </Button>
    </Form>
  );
}

/**
 * The places of the organisation's stands in halls, as the exhibitor acts on them: invitations (accept or
 * decline), applications waiting for the host (withdraw), places shown to visitors (leave the hall).
 */
export function StandPlaceList({ places, showStand = false }: { places: StandPlace[]; showStand?: boolean }) {
  const { t } = useTranslation('events');
  return (
    <ul className="divide-y">
      {places.map((place) => {
        const state = stateOf(place);
        const names = { stand: place.standName, hall: place.hallName, host: place.host };
        return (
          <li key={place.id} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium">{showStand ? t('standPages.halls.placeWithStand', names) : t('standPages.halls.place', names)}</p>
              {state === 'invited' ? null : (
                <p className="text-sm">
                  {place.links.map((link) => (
                    <a
                      key={link.href}
                      href={link.href}
                      target="_blank"
                      rel="noreferrer"
                      className="mr-3 text-brand-dark underline underline-offset-2"
                      aria-label={t('standPages.halls.viewNamed', { stand: place.standName, convention: link.title })}
                    >
                      {t('standPages.halls.view', { convention: link.title })}
                    </a>
                  ))}
                </p>
              )}
            </div>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-medium ${state === 'listed' ? 'bg-brand-green/20 text-brand-dark' : 'bg-brand-pink/15 text-brand-dark'}`}
            >
              {t(`standPages.halls.${state}`)}
            </span>
            {state === 'invited' ? (
              <ActionButton
                intent="hallStandAccept"
                place={place}
                state={state}
                variant="darkBlue"
                label={t('standPages.halls.accept')}
                ariaLabel={t('standPages.halls.acceptNamed', names)}
              />
            ) : null}
            <ActionButton
              intent="hallStandDecline"
              place={place}
              state={state}
              variant="whiteModal"
              label={t(`standPages.halls.${state === 'invited' ? 'decline' : state === 'applied' ? 'withdraw' : 'leave'}`)}
              ariaLabel={t(`standPages.halls.${state === 'invited' ? 'declineNamed' : state === 'applied' ? 'withdrawNamed' : 'leaveNamed'}`, names)}
            />
          </li>
        );
      })}
    </ul>
  );
}

/** The exhibitor applies with the stand to a hall, named by the domain (slug) the host hands out. */
export function ApplyToHall({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation('events');
  const [form, fields] = useRouteForm(ApplyToHallForm, {
    id: 'stand-apply',
    lastResult,
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-4 sm:grid-cols-2">
      <input type="hidden" name="intent" value="standApplyToHall" />
      <TextField field={fields.hallSlug} label={t('standPages.halls.hallSlug')} description={t('standPages.halls.hallSlugHint')} />
      <FormErrors errors={form.errors} className="sm:col-span-2" />
      <div className="sm:col-span-2">
        <SubmitButton>{t('standPages.halls.applySubmit')}</SubmitButton>
      </div>
    </Form>
  );
}
