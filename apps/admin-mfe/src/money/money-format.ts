import { formatDollars } from '@huddle/domain';

/** Dollars from the API as the money screens print every amount: always with cents ($50.00), like the money messages. */
export const formatMoney = formatDollars;
