/** Whether a request id names an endorsement campaign: an id starting with @ (spec §2). */
export function isCampaignId(id: string): boolean {
  return id.startsWith('@');
}
