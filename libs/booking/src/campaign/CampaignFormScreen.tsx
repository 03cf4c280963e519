import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toApiError } from '@huddle/api-client';
import { campaignIdOfRef, campaignRef, ErrorCode } from '@huddle/domain';
import { offerAmountError } from '@huddle/domain/request-details';
import { Page, StepDots, useSearchParam, useShell, useShellApi } from '@huddle/ui';
import { bookingApi, type CampaignFormFields } from '../booking-api';
import { CheckoutModal } from '../checkout/CheckoutModal';
import { AthletePicker } from './AthletePicker';
import { CampaignDetailsForm } from './CampaignDetailsForm';
import {
  athletesCountText,
  campaignErrorsOf,
  checkCampaign,
  emptyCampaignDetails,
  removeAthlete,
  sameCampaign,
  toggleAthlete,
  withPrice,
  type CampaignErrors,
  type Chosen,
} from './campaign-form';
import '../booking.css';
import './campaign.css';

type Step = 'athletes' | 'details';

const NO_ERRORS: CampaignErrors = { prices: {} };

/** After a refused submit: the first field with a message gets the focus (the list may be long), else the first message shows. */
function revealFirstError() {
  window.requestAnimationFrame(() => {
    const form = document.querySelector('.cp-details');
    const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (field) field.focus();
    else form?.querySelector('[role="alert"]')?.scrollIntoView({ block: 'center' });
  });
}

/** A campaign made by this form and not paid yet: paid instead of made again when the form is unchanged. */
interface Draft {
  id: string;
  fields: CampaignFormFields;
  athletes: number;
}

/**
 * /request-form/b/endorsement_campaign (spec §2, businesses only): pick the athletes, price each
 * and describe the endorsement, then pay once in the checkout. Submitting makes an unpaid campaign
 * (the business's alone); only once paid do the athletes see their requests. `?pay={campaign id}`
 * opens the checkout of an unpaid campaign (the campaign page's Pay button).
 */
export function CampaignFormScreen() {
  const { navigate } = useShell();
  const api = useShellApi(bookingApi);
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('athletes');
  const [chosen, setChosen] = useState<Chosen>([]);
  const [values, setValues] = useState(emptyCampaignDetails);
  const [errors, setErrors] = useState<CampaignErrors>(NO_ERRORS);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [paying, setPaying] = useState(false);
  const [payParam, setPayParam] = useSearchParam('pay');
  // The pay link names a campaign by its id (a uuid); anything else opens no checkout.
  const payId = payParam ? campaignIdOfRef(campaignRef(payParam)) : null;
  const checkout = paying && draft ? { id: draft.id, payee: athletesCountText(draft.athletes) } : payId ? { id: payId, payee: 'the athletes' } : null;

  const create = useMutation({
    mutationFn: api.createCampaign,
    onSuccess: (campaign, fields) => {
      setDraft({ id: campaign.id, fields, athletes: campaign.athletes_count });
      setPaying(true);
    },
    onError: (error) => {
      const failure = toApiError(error);
      const byField = campaignErrorsOf(failure.fieldErrors, chosen);
      // 1404 names an athlete who cannot be booked any more (blocked, unlisted): said over the list.
      if (failure.code === ErrorCode.NotFound && !byField.athletes) byField.athletes = failure.message;
      if (Object.keys(failure.fieldErrors).length === 0 && !byField.athletes) byField.form = failure.message;
      setErrors(byField);
      revealFirstError();
    },
  });

  const submit = () => {
    const checked = checkCampaign(values, chosen);
    if (!checked.ok) {
      setErrors(checked.errors);
      revealFirstError();
      return;
    }
    setErrors(NO_ERRORS);
    if (draft && sameCampaign(draft.fields, checked.fields)) setPaying(true);
    else create.mutate(checked.fields);
  };

  const title = step === 'athletes' ? 'Select athletes' : 'Campaign details';
  const back = () => (step === 'details' ? setStep('athletes') : navigate('/dashboard'));

  return (
    <>
      <Page
        title={title}
        subtitle="Create campaign: one endorsement, several athletes, a price for each."
        width="narrow"
        onBack={back}
        actions={<StepDots count={2} active={step === 'athletes' ? 0 : 1} />}
      >
        {step === 'athletes' ? (
          <AthletePicker
            chosen={chosen}
            onToggle={(athlete) => setChosen((current) => toggleAthlete(current, athlete))}
            onContinue={() => {
              setStep('details');
              window.scrollTo({ top: 0 });
            }}
          />
        ) : (
          <CampaignDetailsForm
            chosen={chosen}
            values={values}
            errors={errors}
            apiBase={api.apiBase}
            submitting={create.isPending}
            onPrice={(athleteId, typed) => {
              const next = withPrice(chosen, athleteId, typed);
              setChosen(next);
              // A price that showed a message is checked again as it is corrected.
              if (errors.prices[athleteId]) {
                const price = next.find((entry) => entry.athlete.athlete_id === athleteId)?.price ?? '';
                const message = offerAmountError(price);
                const prices = { ...errors.prices };
                if (message) prices[athleteId] = message;
                else delete prices[athleteId];
                setErrors({ ...errors, prices });
              }
            }}
            onRemove={(athleteId) => {
              const next = removeAthlete(chosen, athleteId);
              setChosen(next);
              if (next.length === 0) setStep('athletes');
            }}
            onChange={(next, changed) => {
              setValues(next);
              if (errors[changed]) setErrors({ ...errors, [changed]: undefined });
            }}
            onAddAthletes={() => setStep('athletes')}
            onSubmit={submit}
          />
        )}
      </Page>
      {checkout && (
        <CheckoutModal
          key={checkout.id}
          target={{ endorsement_campaign_id: checkout.id }}
          payee={checkout.payee}
          onClose={() => {
            setPaying(false);
            if (payParam) setPayParam(null);
          }}
          onPaid={() => {
            // The request screens' cache (lists, the campaign's page) may hold it unpaid: read it again.
            void queryClient.invalidateQueries({ queryKey: ['requests'] });
            navigate(`/request/${campaignRef(checkout.id)}`);
          }}
        />
      )}
    </>
  );
}
