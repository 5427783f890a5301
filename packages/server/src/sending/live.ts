// Live publishing moved down to core/campaign-live.ts (the tracker uses it too: issue 25). This alias keeps
// sender.ts's import until the sender's split lands; new code imports core/campaign-live.ts.
export { publishCampaignLive, stopCampaignLive } from '../core/campaign-live.ts';
