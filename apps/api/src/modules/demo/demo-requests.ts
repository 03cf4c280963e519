import { Injectable } from '@nestjs/common';
import { DEFAULT_RATES, UserType } from '@huddle/domain';
import type { AthleteServiceType } from '@huddle/domain';
import type { RequestAction } from '@huddle/domain/request-actions';
import { AthletesService } from '../athletes/athletes.service';
import { BookingRequestsService } from '../booking/booking-requests.service';
import { CampaignsService } from '../booking/campaigns.service';
import { VideoChatsService } from '../booking/video-chats.service';
import { RequestCoreService } from '../booking/request-core.service';
import { RequestVideos } from '../booking/request-videos.service';
import { PaymentsService } from '../payments/payments.service';

const DAY = 86400;
const PLACE = { address: 'Los Angeles, California, United States', latitude: 34.0522, longitude: -118.2437 };

/** Where a demo request is left: the actions taken after payment, in order. */
type Script = ReadonlyArray<RequestAction | 'deliver_video' | { review: number }>;

interface DemoRequest {
  type: AthleteServiceType;
  requester: 'fan' | 'business';
  name: string;
  /** Days from now to the event's start (timed types). */
  inDays?: number;
  /** Minutes from now to the start instead (a video chat whose call can start at once). */
  inMinutes?: number;
  script: Script;
}

/**
 * Live requests for the demo accounts, so every request screen has content on first start: every
 * type and every status, booked, paid through the sandbox (4242) and moved on by the same services
 * the API's routes use, so the ledger holds their money and balances.
 */
const DEMO_REQUESTS: readonly DemoRequest[] = [
  { type: 'shoutout', requester: 'fan', name: "Maya's birthday shoutout", script: [] },
  { type: 'video_chat', requester: 'business', name: 'Team kickoff call', inDays: 4, script: [] },
  { type: 'speaking_engagement', requester: 'business', name: 'Leadership breakfast', inDays: 9, script: [] },
  { type: 'personal_appearance', requester: 'fan', name: 'Store opening visit', inDays: 6, script: ['accept'] },
  { type: 'endorsement', requester: 'business', name: 'Spring gear post', script: ['accept', 'deliver_video'] },
  { type: 'shoutout', requester: 'fan', name: 'Good luck for finals', script: ['accept', 'deliver_video'] },
  // Booked to start in 5 minutes and started by the athlete: the demo fan and athlete can join the
  // call right after `npm start` (the timers finish it once its 5 minutes are up).
  { type: 'video_chat', requester: 'fan', name: 'Q&A with the team', inMinutes: 5, script: ['accept', 'start_video_chat'] },
  { type: 'camp', requester: 'business', name: 'Summer skills camp', inDays: 12, script: ['decline'] },
  { type: 'training_session', requester: 'fan', name: 'Footwork session', inDays: 5, script: ['cancel'] },
  { type: 'endorsement', requester: 'fan', name: 'Local gym shout', script: ['accept', 'deliver_video', 'approve', { review: 5 }] },
  { type: 'shoutout', requester: 'business', name: 'Welcome to the team', script: ['accept', 'deliver_video', 'approve'] },
];

function payloadOf(request: DemoRequest, athleteId: string, now: number): Record<string, unknown> {
  const start = request.inMinutes !== undefined ? now + request.inMinutes * 60 : now + (request.inDays ?? 3) * DAY + 17 * 3600;
  const base = { athlete_id: athleteId, name: request.name, is_social_media: request.type === 'endorsement', social_media_platform: request.type === 'endorsement' ? 'instagram, tiktok' : '', type: request.type };
  const hours = 3;
  switch (request.type) {
    case 'shoutout':
      return { ...base, request_amount: DEFAULT_RATES.shoutout, shoutout: { names_in_shoutout: 'Maya, Leo', recipients_emails: 'maya@huddle.test', special_message_info: 'You are going to crush it this season!' } };
    case 'endorsement':
      return { ...base, request_amount: 250, endorsement: { task: 'Post a 30-second reel wearing our spring line and tag us.', link: 'https://huddle.test/spring' } };
    case 'camp':
      return { ...base, request_amount: DEFAULT_RATES.camp * hours, camp: { start_time: start, duration: hours, location: PLACE, event_description: 'A morning of drills for 40 kids aged 10 to 14.', special_conditions: 'Indoor gym, water provided.' } };
    case 'training_session':
      return { ...base, request_amount: DEFAULT_RATES.training_session * hours, training_session: { start_time: start, duration: hours, location: PLACE, description: 'One-on-one footwork and conditioning.', special_conditions: 'Outdoor track.' } };
    case 'speaking_engagement':
      return { ...base, request_amount: DEFAULT_RATES.speaking_engagement, speaking_engagement: { start_time: start, location: PLACE, topics: 'Balancing sport and study', special_message: 'Our staff would love to hear your story.', special_conditions: 'Twenty minutes plus questions.' } };
    case 'personal_appearance':
      return { ...base, request_amount: DEFAULT_RATES.personal_appearance, personal_appearance: { start_time: start, location: PLACE, event_description: 'Meet fans and sign jerseys at our opening.' } };
    case 'video_chat':
      return { ...base, request_amount: DEFAULT_RATES.video_chat, video_chat: { date_time: start, event_description: 'A short call with our youth team before their final.' } };
  }
}

@Injectable()
export class DemoRequests {
  constructor(
    private readonly athletes: AthletesService,
    private readonly requests: BookingRequestsService,
    private readonly core: RequestCoreService,
    private readonly videos: RequestVideos,
    private readonly payments: PaymentsService,
    private readonly campaigns: CampaignsService,
    private readonly chats: VideoChatsService,
  ) {}

  /**
   * Books, pays and moves the demo requests, and the demo business's endorsement campaign (the demo
   * athlete and two others: one invitation pending, one delivered, one declined and refunded);
   * answers how many requests.
   */
  async seed(ids: { athlete: string; fan: string; business: string; others: readonly string[] }, deliveryVideo: string, now: number): Promise<number> {
    // The demo athlete offers every service, at the default rates, so each type can be shown.
    const services: Record<string, boolean | number> = {};
    for (const [type, rate] of Object.entries(DEFAULT_RATES)) {
      services[`${type}_enabled`] = true;
      services[`${type}_rate`] = rate;
    }
    await this.athletes.updateServices(ids.athlete, services);
    const athlete = { id: ids.athlete, role: UserType.Athlete };
    for (const demo of DEMO_REQUESTS) {
      const requester = demo.requester === 'fan' ? { id: ids.fan, role: UserType.Fan } : { id: ids.business, role: UserType.Business };
      const created = await this.requests.create(requester.id, payloadOf(demo, ids.athlete, now));
      await this.requests.paymentSheet(created.id, requester);
      await this.payments.payWithSandboxTestCard(created.id, requester.id);
      await this.core.markPaid(created.id, requester);
      for (const step of demo.script) {
        if (step === 'deliver_video') await this.videos.deliverStored(created.id, athlete, deliveryVideo);
        else if (step === 'start_video_chat') await this.chats.start(created.id, athlete);
        else if (typeof step === 'object') await this.requests.review(created.id, requester, step.review);
        // The demo athlete acknowledges the paid-endorsement disclosure, as the accept screen asks.
        else await this.core.apply(created.id, step, step === 'cancel' || step === 'approve' ? requester : athlete, { disclosureAcknowledged: true });
      }
    }
    return DEMO_REQUESTS.length + (await this.seedCampaign(ids, deliveryVideo));
  }

  private async seedCampaign(ids: { athlete: string; business: string; others: readonly string[] }, deliveryVideo: string): Promise<number> {
    const [delivering, declining] = ids.others;
    if (!delivering || !declining) return 0;
    for (const other of [delivering, declining]) await this.athletes.updateServices(other, { endorsement_enabled: true, endorsement_rate: DEFAULT_RATES.endorsement });
    const business = { id: ids.business, role: UserType.Business };
    const prices: Array<[string, number]> = [
      [ids.athlete, 120],
      [delivering, 85],
      [declining, 60],
    ];
    const campaign = await this.campaigns.create(ids.business, {
      name: 'Back to campus',
      endorsement_task: 'Post a story in our back-to-campus hoodie and tell your followers why you wear it. Tag us and add #ad.',
      endorsement_link: 'https://huddle.test/campus',
      social_media_platform: 'instagram, tiktok',
      athlete_ids: prices.map(([id]) => id).join(','),
      proposed_amounts: JSON.stringify(prices.map(([athlete_id, amount]) => ({ athlete_id, amount }))),
    });
    await this.campaigns.paymentSheet(campaign.id, business);
    await this.payments.payWithSandboxTestCard(campaign.id, ids.business);
    await this.campaigns.markPaid(campaign.id, business);
    const requestOf = (athleteId: string): string => campaign.requests.find((entry) => entry.athlete.id === athleteId)?.id ?? '';
    const deliveringAthlete = { id: delivering, role: UserType.Athlete };
    await this.core.apply(requestOf(delivering), 'accept', deliveringAthlete, { disclosureAcknowledged: true });
    await this.videos.deliverStored(requestOf(delivering), deliveringAthlete, deliveryVideo);
    await this.core.apply(requestOf(declining), 'decline', { id: declining, role: UserType.Athlete });
    return prices.length;
  }
}
