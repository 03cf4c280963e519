import { ENDORSEMENT_OFFER_LIMITS, LIMITS } from './limits';

/** 'an hour', '2 hours', '10 minutes', '30 seconds': a configured window as a sentence says it. */
function durationInWords(seconds: number): string {
  const [count, one, many] =
    seconds % 3600 === 0 ? [seconds / 3600, 'an hour', 'hours'] : seconds % 60 === 0 ? [seconds / 60, 'a minute', 'minutes'] : [seconds, 'a second', 'seconds'];
  return count === 1 ? one : `${count} ${many}`;
}

/** A text field past its length: 'Must be at most 500 characters'. */
function tooLong(max: number): string {
  return `Must be at most ${max} characters`;
}

/** Every user-facing validation and state message of spec §5 and §8, written once. */
export const MESSAGES = {
  required: 'This field is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  phoneRequired: 'Phone number is required',
  phoneIncorrect: 'Phone number is incorrect',
  eulaRequired: 'Please accept the EULA to continue',
  userTypeInvalid: 'Please choose Athlete, Fan or Business',
  accountBlocked: 'Your account is blocked',
  emailInvalid: 'Please enter a valid email',
  passwordTooShort: `Password must be at least ${LIMITS.password.min} characters`,
  passwordTooLong: `Password must be at most ${LIMITS.password.max} characters`,
  usernameInvalid: `Username must be ${LIMITS.username.min} to ${LIMITS.username.max} letters, digits, dots or underscores`,
  enterCode: 'Please, enter the code',
  invalidLink: 'Please enter valid link',
  descriptionTooLong: `Description must be at most ${LIMITS.description.max} characters`,
  textTooLong: tooLong(LIMITS.text.max),
  /** Any other text field past its length (a name, a location's name, a business's details). */
  tooLong,
  choosePhoto: 'Please, choose photo',
  chooseVideo: 'Please, choose video',
  videoWrongType: 'Video must be an mp4 or quicktime file',
  videoTooLarge: `Video must be at most ${LIMITS.video.maxMegabytes} MB`,
  videoTooLong: `Video must be at most ${LIMITS.video.maxSeconds} seconds long`,
  imageWrongType: 'Image must be a jpg, jpeg or png file',
  imageUploadFailed: (variant: 0 | 1) => `Unable to open image: invalid file type or exceeding file size (${variant})`,
  unableToLoadPhoto: 'Unable to load the photo',
  unableToLoadVideo: 'Unable to load the video',
  chooseSport: 'Please choose at least one sport',
  chooseSchool: 'Please choose your school',
  chooseServices: 'You have to choose at least one type of service',
  /** An id (sport, school, conference, team, gender, location or link type) the reference lists do not hold. */
  unknownChoice: 'Please choose from the list',
  radiusTooSmall: `Radius must be at least ${LIMITS.map.minRadiusMiles} mile`,
  radiusTooLarge: `Radius must be at most ${LIMITS.map.maxRadiusMiles} miles`,
  /** NUL, other control characters or bidirectional overrides in a field (see hasForbiddenCharacters). */
  forbiddenCharacters: 'This field contains characters that are not allowed',
  /** A request body nested past MAX_INPUT_DEPTH: no form produces one. */
  nestedTooDeeply: 'The request is nested too deeply',
  /** Spec §5, Services. */
  invalidRate: 'A service with a rate not above zero is invalid',
  rateBetween: (min: number, max: number) => `Rate must be between $${min} and $${max}`,
  enterValidAmount: 'Please, enter valid amount',
  amountBetween: (min: number = ENDORSEMENT_OFFER_LIMITS.min, max: number = ENDORSEMENT_OFFER_LIMITS.max) =>
    `Please, enter amount between ${min} and ${max}`,
  timeTravel: 'Time travel is not supported yet',
  /** A timed booking overlapping a slot the athlete already accepted: the accept would be refused, so the booking is. */
  athleteBookedThen: 'The athlete is already booked at that time. Please pick another time.',
  /** An amount (a campaign's total) above what one card payment may be (CARD_CHARGE_MAX_CENTS). */
  cardLimit: 'One card payment can be at most $999,999.99',
  chooseAthlete: 'Please choose at least one athlete',
  ratingRequired: 'Please choose a rating',
  pushDestinationRequired: 'Choose at least one role or one user',
  athletesNotFound: 'Athletes not found',
  noNotifications: "You don't have any notifications yet",
  noReviews: 'No reviews yet',
  noHistory: 'No finished requests yet',
  /** A request page's History card with nothing recorded (requests imported before histories were kept). */
  noRequestHistory: 'No history recorded for this request',
  noRequests: {
    pending: 'No pending requests yet',
    accepted: 'No accepted requests yet',
    finished: 'No finished requests yet',
  },
  athleteNotFound: { title: 'Athlete not found', text: 'We could not find this athlete' },
  requestNotFound: { title: 'Request not found', text: 'We could not find this request' },
  passwordRestored: { title: 'Password restored', text: 'Now you can login with your new password' },
  nothingFound: { title: 'Nothing found', text: 'Please, confirm the ID and try again' },
  cameraNotRecognized: 'Camera is not recognized',
  /** A browser whose recorder writes only WebM (Firefox): Huddle takes mp4 or quicktime (videoWrongType). */
  cameraCannotRecordMp4: 'This browser cannot record an mp4 video. Choose a video file, or record in Chrome, Edge or Safari.',
  videoCallError: 'An error occurred',
  chatFinished: 'Your chat has been finished',
  unknownMapIssue: 'Unknown map issue',
  reportSent: 'You report has been sent',
  watchLinkGone: 'This video is no longer available',
  remoteLoadFailed: 'We could not load this part of Huddle',
  deleteConfirmWord: 'AGREE',
  accountDeleted: 'Your account has been deleted',
  chooseLocationName: 'Please name this location',
  tooManyLocations: `You can keep at most ${LIMITS.travelLocations.max} travel locations; remove one to add another`,
  businessSignInUnavailable: 'Business sign-in is not available on this server',
  /** Money routes over their rate limits (1429), shown under the booking and checkout forms. */
  tooManyBookings: 'Too many bookings from this account. Please try again later.',
  tooManyPaymentAttempts: 'Too many payment attempts. Please try again later.',
  tooManyCardSaves: 'Too many cards added. Please try again later.',
  /** LIMITS.declinedCards reached: the account's checkout pauses for the window. */
  checkoutPaused: (windowSeconds: number = LIMITS.declinedCards.windowSeconds) =>
    `Too many declined card attempts. Checkout is paused for ${durationInWords(windowSeconds)}.`,
} as const;
