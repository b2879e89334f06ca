import { siteRecordReceiver } from "@/features/consent-proof";

/**
 * POST /api/consent: the record of a visitor's consent choice, sent by the consent manager
 * (features/consent-proof/receive-record.ts says what is accepted and each answer).
 */
export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return siteRecordReceiver()(request);
}
