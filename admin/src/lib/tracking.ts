/** Carriers' public tracking pages, by the carrier's name as staff type it (case and spaces aside). */
const trackingPages: Record<string, (code: string) => string> = {
  ups: (code) => `https://www.ups.com/track?tracknum=${code}`,
  usps: (code) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${code}`,
  fedex: (code) => `https://www.fedex.com/fedextrack/?trknbr=${code}`,
  dhl: (code) => `https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=${code}`,
  dpd: (code) => `https://tracking.dpd.de/status/en_US/parcel/${code}`,
  royalmail: (code) => `https://www.royalmail.com/track-your-item#/tracking-results/${code}`,
  canadapost: (code) => `https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor=${code}`,
  correos: (code) => `https://www.correos.es/es/en/tools/tracker/items/details?tracking-number=${code}`,
};

/** Where a parcel can be followed, when its carrier is one whose tracking page is known. */
export function trackingUrl(carrier: string | null, code: string | null): string | null {
  if (!carrier || !code) return null;
  const page = trackingPages[carrier.toLowerCase().replace(/[^a-z]/g, '')];
  return page ? page(encodeURIComponent(code)) : null;
}
