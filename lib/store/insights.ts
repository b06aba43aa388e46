import type { CallTheme, ThemeKind } from '../insights/model/theme';
import type { Db } from './client';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { errorName } from './error-name';
import { queryAll } from './query-all';
import { entityReader } from './stored-entity';
import type { TransactItem } from './transact';

/** A quote of a theme, from one call. */
export interface ThemeQuote {
  callId: string;
  title: string;
  quote: string;
  score: number;
}

/** How many of a workspace's calls of one day raised a theme. */
export interface ThemeDay {
  day: string;
  kind: ThemeKind;
  key: string;
  label: string;
  calls: number;
}

/** A theme's quote of one day: the best of the calls that fall in its slot. */
export interface ThemeDayQuote extends ThemeQuote {
  day: string;
  kind: ThemeKind;
  key: string;
}

/** How many of a workspace's calls of one day were analysed (since themes were counted). */
export interface CallsDay {
  day: string;
  calls: number;
}

const readCallsDay = entityReader<CallsDay>()(['day', 'calls']);
const readThemeDay = entityReader<ThemeDay>()(['day', 'kind', 'key', 'label', 'calls']);
const readThemeDayQuote = entityReader<ThemeDayQuote>()(['day', 'kind', 'key', 'callId', 'title', 'quote', 'score']);

/**
 * A workspace's theme counters sit in a partition of their own, one item a day and theme (and up to
 * `QUOTE_SLOTS` quote items beside it), sorted by day: a period is one range read, as long as its
 * days and themes, whatever the number of calls.
 */
const themesPk = (workspaceId: string) => `WS#${workspaceId}#THEMES`;
const themeDaySk = (day: string, kind: string, key: string) => `DAY#${day}#${kind}#${key}`;
/** The day's count of analysed calls, beside its themes (`_` sorts before every kind). */
const callsDaySk = (day: string) => `DAY#${day}#_calls`;
/** Quotes kept a day and theme: a busy day's theme stays three small items, not one per call. */
export const QUOTE_SLOTS = 3;

function slotOf(callId: string): number {
  let hash = 0;
  for (let at = 0; at < callId.length; at++) hash = (hash * 31 + callId.charCodeAt(at)) >>> 0;
  return hash % QUOTE_SLOTS;
}

/**
 * The writes that count a call's themes on its day (`day`, `YYYY-MM-DD`): each theme's counter goes
 * up by one, and so does the day's count of calls. Written in the same transaction as the analysis, which an analysed call refuses, so
 * a call is counted once, whatever its redeliveries.
 */
export function countCallThemesItems(db: Db, workspaceId: string, day: string, themes: readonly CallTheme[]): TransactItem[] {
  const calls: TransactItem = {
    Update: {
      TableName: db.table,
      Key: { pk: themesPk(workspaceId), sk: callsDaySk(day) },
      UpdateExpression: 'SET #day = :day ADD calls :one',
      ExpressionAttributeNames: { '#day': 'day' },
      ExpressionAttributeValues: { ':day': day, ':one': 1 },
    },
  };
  return [
    calls,
    ...themes.map((theme): TransactItem => ({
      Update: {
        TableName: db.table,
        Key: { pk: themesPk(workspaceId), sk: themeDaySk(day, theme.kind, theme.key) },
        UpdateExpression: 'SET #day = :day, kind = :kind, #key = :key, label = :label ADD calls :one',
        ExpressionAttributeNames: { '#day': 'day', '#key': 'key' },
        ExpressionAttributeValues: { ':day': day, ':kind': theme.kind, ':key': theme.key, ':label': theme.label, ':one': 1 },
      },
    })),
  ];
}

/**
 * Keeps a call's quote of each of its themes when it is better than the one in its slot (the
 * call id picks one of `QUOTE_SLOTS`). After the analysis is saved, one write a theme; a lost
 * race or a better quote already there is not an error. Quotes illustrate a theme: a crash before
 * they are written loses a quote, never a count.
 */
export async function keepThemeQuotes(
  db: Db,
  workspaceId: string,
  call: { callId: string; title: string; day: string },
  themes: readonly CallTheme[],
): Promise<void> {
  await Promise.all(
    themes.map(async (theme) => {
      try {
        await db.client.send(
          new PutCommand({
            TableName: db.table,
            Item: {
              pk: themesPk(workspaceId),
              sk: `${themeDaySk(call.day, theme.kind, theme.key)}#quote${slotOf(call.callId)}`,
              day: call.day,
              kind: theme.kind,
              key: theme.key,
              callId: call.callId,
              title: call.title,
              quote: theme.quote,
              score: theme.score,
            },
            ConditionExpression: 'attribute_not_exists(pk) OR score < :score',
            ExpressionAttributeValues: { ':score': theme.score },
          }),
        );
      } catch (error) {
        if (errorName(error) !== 'ConditionalCheckFailedException') throw error;
      }
    }),
  );
}

/** The workspace's theme counters and quotes of the days from `fromDay` to `toDay` (`YYYY-MM-DD`, both included). */
export async function themeDays(
  db: Db,
  workspaceId: string,
  fromDay: string,
  toDay: string,
): Promise<{ callDays: CallsDay[]; counts: ThemeDay[]; quotes: ThemeDayQuote[] }> {
  const items = await queryAll(db, {
    KeyConditionExpression: 'pk = :p AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':p': themesPk(workspaceId), ':from': `DAY#${fromDay}#`, ':to': `DAY#${toDay}#~` },
  });
  const sk = (item: Record<string, unknown>) => (typeof item.sk === 'string' ? item.sk : '');
  const isQuote = (item: Record<string, unknown>) => /#quote\d$/.test(sk(item));
  const isCalls = (item: Record<string, unknown>) => sk(item).endsWith('#_calls');
  return {
    callDays: items.filter(isCalls).map(readCallsDay),
    counts: items.filter((item) => !isQuote(item) && !isCalls(item)).map(readThemeDay),
    quotes: items.filter(isQuote).map(readThemeDayQuote),
  };
}
