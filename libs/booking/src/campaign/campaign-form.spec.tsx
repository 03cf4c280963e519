import { renderToStaticMarkup } from 'react-dom/server';
import { CAMPAIGN_MAX_ATHLETES, LIMITS, MESSAGES } from '@huddle/domain';
import type { CampaignAthleteCard } from '../booking-api';
import { checkoutTexts } from '../checkout/checkout-texts';
import { AthleteOptions } from './AthleteOptions';
import { CampaignDetailsForm, type CampaignDetailsFormProps } from './CampaignDetailsForm';
import { CampaignFooter } from './CampaignFooter';
import {
  campaignErrorsOf,
  campaignFields,
  campaignSummary,
  canChooseMore,
  checkCampaign,
  emptyCampaignDetails,
  initialPrice,
  removeAthlete,
  sameCampaign,
  toggleAthlete,
  withPrice,
  type Chosen,
} from './campaign-form';

function uuid(index: number): string {
  return `6f1c1a8e-5b7e-4c1a-9d3a-${String(index).padStart(12, '0')}`;
}

function athlete(index: number, rate: number | null = 100): CampaignAthleteCard {
  return {
    athlete_id: uuid(index),
    username: `athlete${index}`,
    first_name: 'Athlete',
    last_name: String(index),
    profile_photo: null,
    dashboard_photo: null,
    sports_played: 'Basketball',
    school_name: 'Duke University',
    endorsement_rate: rate,
    rating: null,
    reviews_count: 0,
  };
}

function choose(...athletes: CampaignAthleteCard[]): Chosen {
  return athletes.reduce<Chosen>((chosen, next) => toggleAthlete(chosen, next), []);
}

const DETAILS = { ...emptyCampaignDetails(), name: 'Spring launch', task: 'Post a reel about our new shoe' };

describe('the athlete picker', () => {
  it("chooses an athlete at their endorsement rate, and lets them go on a second toggle", () => {
    const chosen = choose(athlete(1, 150), athlete(2, 12.5));
    expect(chosen.map((entry) => entry.price)).toEqual(['150', '12.5']);
    expect(toggleAthlete(chosen, athlete(1))).toHaveLength(1);
    expect(initialPrice({ endorsement_rate: null })).toBe('');
  });

  it('counts the chosen athletes and totals their prices in the footer', () => {
    const chosen = withPrice(choose(athlete(1, 150), athlete(2, 200), athlete(3, 99.99)), uuid(3), '100.5');
    expect(campaignSummary(chosen)).toEqual({ count: 3, totalCents: 45050, unpriced: 0 });
    const html = renderToStaticMarkup(<CampaignFooter summary={campaignSummary(chosen)} action={<button type="button">Continue</button>} />);
    expect(html).toContain('3 athletes');
    expect(html).toContain('$450.50');
    expect(html).toContain('Continue');
  });

  it('leaves a price that is not valid yet out of the total and says so', () => {
    const chosen = withPrice(choose(athlete(1, 150), athlete(2, 200)), uuid(2), '');
    expect(campaignSummary(chosen)).toEqual({ count: 2, totalCents: 15000, unpriced: 1 });
    expect(renderToStaticMarkup(<CampaignFooter summary={campaignSummary(chosen)} action={null} />)).toContain('1 athlete without a valid price');
  });

  it("asks for at least one athlete with nothing chosen", () => {
    const html = renderToStaticMarkup(<CampaignFooter summary={campaignSummary([])} action={null} message={MESSAGES.chooseAthlete} />);
    expect(html).toContain('0 athletes');
    expect(html).toContain('Please choose at least one athlete');
    expect(html).toContain('role="alert"');
  });

  it(`invites at most ${CAMPAIGN_MAX_ATHLETES} athletes: the next one is not added and the other options are disabled`, () => {
    const fifty = choose(...Array.from({ length: CAMPAIGN_MAX_ATHLETES }, (_, index) => athlete(index + 1)));
    expect(fifty).toHaveLength(50);
    expect(canChooseMore(fifty)).toBe(false);
    expect(toggleAthlete(fifty, athlete(51))).toBe(fifty);
    // Letting one go makes room again.
    expect(canChooseMore(toggleAthlete(fifty, athlete(1)))).toBe(true);

    const html = renderToStaticMarkup(<AthleteOptions athletes={[athlete(1), athlete(51)]} chosen={fifty} onToggle={() => undefined} apiBase="/api/v1" />);
    expect(html).toContain('A campaign invites at most 50 athletes');
    expect(html.match(/type="checkbox"/g)).toHaveLength(2);
    expect(html.match(/checked=""/g)).toHaveLength(1);
    expect(html.match(/disabled=""/g)).toHaveLength(1);
    expect(LIMITS.selectMenuOptions).toBe(50);
  });

  it('shows each option with its name, sport and school and rate, none disabled under the cap', () => {
    const html = renderToStaticMarkup(<AthleteOptions athletes={[athlete(7, 150)]} chosen={[]} onToggle={() => undefined} apiBase="/api/v1" />);
    expect(html).toContain('Athlete 7');
    expect(html).toContain('Basketball · Duke University');
    expect(html).toContain('$150');
    expect(html).not.toContain('disabled');
  });
});

describe('the campaign details', () => {
  it("checks every price with the spec's messages", () => {
    let chosen = choose(athlete(1), athlete(2), athlete(3), athlete(4), athlete(5));
    chosen = withPrice(chosen, uuid(1), '');
    chosen = withPrice(chosen, uuid(2), '1.2.3');
    chosen = withPrice(chosen, uuid(3), '1');
    chosen = withPrice(chosen, uuid(4), '99999999');
    chosen = withPrice(chosen, uuid(5), '$25,5x');
    expect(chosen[4]?.price).toBe('255');
    const checked = checkCampaign(DETAILS, chosen);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.prices).toEqual({
      [uuid(1)]: 'This field is required',
      [uuid(2)]: 'Please, enter valid amount',
      [uuid(3)]: 'Please, enter amount between 1.5 and 99999999',
      [uuid(4)]: 'Please, enter amount between 1.5 and 99999999',
    });
  });

  it('shows the price messages under the prices, and the other messages under their fields', () => {
    const chosen = withPrice(withPrice(choose(athlete(1), athlete(2)), uuid(1), ''), uuid(2), '1');
    const checked = checkCampaign({ ...emptyCampaignDetails(), link: 'not a link' }, chosen);
    if (checked.ok) throw new Error('expected errors');
    expect(checked.errors).toMatchObject({ name: MESSAGES.required, task: MESSAGES.required, link: MESSAGES.invalidLink });
    const props: CampaignDetailsFormProps = {
      chosen,
      values: { ...emptyCampaignDetails(), link: 'not a link' },
      errors: checked.errors,
      apiBase: '/api/v1',
      onPrice: () => undefined,
      onRemove: () => undefined,
      onChange: () => undefined,
      onAddAthletes: () => undefined,
      onSubmit: () => undefined,
      submitting: false,
    };
    const html = renderToStaticMarkup(<CampaignDetailsForm {...props} />);
    expect(html).toContain('Price for Athlete 1 (USD)');
    expect(html).toContain('Please, enter amount between 1.5 and 99999999');
    expect(html.match(/This field is required/g)).toHaveLength(3);
    expect(html).toContain('Please enter valid link');
    expect(html).toContain('Remove Athlete 2');
    expect(html).toContain('Continue to payment');
  });

  it('refuses a task over 500 characters, and a campaign without athletes', () => {
    const long = checkCampaign({ ...DETAILS, task: 'x'.repeat(501) }, choose(athlete(1)));
    expect(!long.ok && long.errors.task).toBe(MESSAGES.textTooLong);
    const none = checkCampaign(DETAILS, []);
    expect(!none.ok && none.errors.athletes).toBe(MESSAGES.chooseAthlete);
  });

  it('sends the form of spec §7: athlete_ids comma-joined, proposed_amounts JSON with amounts above 0 only', () => {
    const chosen = withPrice(choose(athlete(1, 150), athlete(2, 20)), uuid(2), '0');
    const fields = campaignFields({ ...DETAILS, link: ' example.com/shoe ', platforms: ['instagram', 'tiktok'] }, chosen);
    expect(fields).toEqual({
      name: 'Spring launch',
      endorsement_task: 'Post a reel about our new shoe',
      endorsement_link: 'example.com/shoe',
      social_media_platform: 'instagram, tiktok',
      athlete_ids: `${uuid(1)},${uuid(2)}`,
      proposed_amounts: JSON.stringify([{ athlete_id: uuid(1), amount: 150 }]),
    });
    const ready = checkCampaign(DETAILS, choose(athlete(1, 150), athlete(2, 20.25)));
    expect(ready.ok).toBe(true);
    if (ready.ok) expect(JSON.parse(ready.fields.proposed_amounts)).toEqual([{ athlete_id: uuid(1), amount: 150 }, { athlete_id: uuid(2), amount: 20.25 }]);
  });

  it("puts the API's field errors (1400, 1404) on the form", () => {
    const chosen = choose(athlete(1), athlete(2));
    expect(
      campaignErrorsOf(
        { name: 'n', endorsement_task: 't', endorsement_link: 'l', social_media_platform: 'p', athlete_ids: 'a', [`proposed_amounts.${uuid(2).toUpperCase()}`]: 'price', other: 'o' },
        chosen,
      ),
    ).toEqual({ name: 'n', task: 't', link: 'l', platforms: 'p', athletes: 'a', prices: { [uuid(2)]: 'price' }, form: 'o' });
  });

  it('pays an unchanged form instead of making the campaign again', () => {
    const fields = campaignFields(DETAILS, choose(athlete(1)));
    expect(sameCampaign(fields, campaignFields(DETAILS, choose(athlete(1))))).toBe(true);
    expect(sameCampaign(fields, campaignFields(DETAILS, removeAthlete(choose(athlete(1), athlete(2)), uuid(1))))).toBe(false);
  });
});

describe('the checkout', () => {
  it('explains a request’s hold and a campaign’s one charge with refunds', () => {
    expect(checkoutTexts({ request_id: uuid(1) }, 'Jordan').note).toContain('held now and charged only when Jordan accepts');
    // Held, not charged: the toast never says 'Paid' for a request.
    expect(checkoutTexts({ request_id: uuid(1) }, 'Jordan').paid).toBe('Card held. Jordan has your request now; you are charged only if they accept.');
    const campaign = checkoutTexts({ endorsement_campaign_id: uuid(9) }, '3 athletes');
    expect(campaign.note).toContain('charged once for all 3 athletes');
    expect(campaign.note).toContain('refunded');
    expect(campaign.paid).toBe('Paid. Your campaign went out to 3 athletes.');
  });
});
