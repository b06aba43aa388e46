/**
 * What Unipile posts to a webhook, as its documentation shows it, for the fake to send and the
 * tests to read. Each example names its page; where the page's own JSON is not valid JSON, the
 * nearest valid JSON is kept, with every field and value the page has.
 */

/** "Detecting accepted invitations" (developer.unipile.com/docs/detecting-accepted-invitations), source `users`. */
export const newRelationExample = {
  event: 'new_relation',
  account_id: 'SDF4tGaPSPSzNe1D1xsOs',
  account_type: 'LINKEDIN',
  webhook_name: '',
  user_full_name: 'Julien Crépieux',
  user_provider_id: 'ACoAAAh_Ffqss54sqAGQOD8u7sl5of04y9_3AwyM',
  user_public_identifier: 'julien-crepieux',
  user_profile_url: 'https://www.linkedin.com/in/julien-crepieux/',
  user_picture_url:
    'https://media.licdn.com/dms/image/v2/D56S3AQHfRb8KQLb56A/profile-displayphoto-shrink_400_400/profile-displayphoto-shrink_400_400/0/14545ssssdde=45465465456&v=beta&t=B_Tqss45Go_ETxNHWbK31fFbHGXjreE1dcW-1weM',
};

/**
 * "New messages webhook" (developer.unipile.com/docs/new-messages-webhook), source `messaging`. The
 * page prints comments, a missing quote and trailing commas, and `attachments` as one object with
 * numbers and booleans as strings: kept as printed, but for what JSON cannot hold.
 */
export const messageReceivedExample = {
  account_id: 'dfXlh46vQYCsMbVarumWlg',
  account_type: 'LINKEDIN',
  account_info: { type: 'LINKEDIN', feature: 'classic', user_id: 'ACoAAAcDMMQBODyLwZrRcgYhrkCafURGqva0U4E' },
  event: 'message_received',
  chat_id: 'R8J-xM9WX7eoHLp6gSVtWQ',
  timestamp: '2023-09-24T13:49:07.965Z',
  webhook_name: 'Webhook demo',
  message_id: 'ykmhfXlRW0W_cqReJYrfBw',
  message: 'Hello World !',
  sender: {
    attendee_id: 'C8zaRZTlVcmfnke_Vai4Gg',
    attendee_name: 'Kim Unipile',
    attendee_provider_id: 'ACoAAAcDMMQBODyLwZrRcgYhrkCafURGqva0U4E',
    attendee_profile_url: 'https://www.linkedin.com/in/ACoAAAcDMMQBODyLwZrRcgYhrkCafURGqva0U4E/',
  },
  attendees: [
    {
      attendee_id: '12Siz1Vcmfnke_Vai4Gg',
      attendee_name: 'Bastien Unipile ',
      attendee_provider_id: 'AA1212sqqsMQBODyLwZrRcgYhrkCafURGqva0U4E',
      attendee_profile_url: 'https://www.linkedin.com/in/ACoAAAcDMMQBODyLwZrRcgYhrkCafURGqva0U4E/',
    },
  ],
  attachments: {
    id: '2-MTY5MzQ3ODM0MTgxOWI4MDA4My0wMDMmNjg2M2E2MTgtNjM2Yi01OWNkLWFjNmQtYjE3Y2NjNTU5ZWZkXzAxMw==',
    size: { height: '150', width: '150' },
    sticker: 'false',
    unavailable: 'false',
    mimetype: 'image/jpeg',
    type: 'img',
    url: 'att://iWfwCtGXSr288YQm5MbWVaeGtYNHQyaEZQcVpPbW5PdGNsQQ==',
  },
};

/**
 * A message of an attachment only, from a sender LinkedIn gives no name: the page documents no
 * nullability, but Unipile's Message object has `text: string | null` (API reference, "List all
 * messages from a chat"), which is what such a webhook carries.
 */
export const attachmentOnlyMessageExample = {
  ...messageReceivedExample,
  message_id: 'attachment-only-1',
  message: null,
  sender: { ...messageReceivedExample.sender, attendee_name: null },
};

/** "Account status updates" (developer.unipile.com/docs/account-lifecycle), source `account_status`. */
export function accountStatusExample(accountId: string, message: string) {
  return { AccountStatus: { account_id: accountId, account_type: 'LINKEDIN', message } };
}
