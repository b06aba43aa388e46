/** An opening tag of a page: its name and attributes, lower-cased. */
export interface Tag {
  name: string;
  attributes: Record<string, string>;
}

// Opening tags (self-closing ones too: inline SVG), end tags and the doctype; attributes double-quoted.
const TAG = /<([a-zA-Z][a-zA-Z0-9]*)((?:\s+[a-zA-Z][a-zA-Z0-9-]*(?:="[^"]*")?)*)\s*\/?>|<\/([a-zA-Z][a-zA-Z0-9]*)>|<!doctype html>/g;
const ATTRIBUTE = /([a-zA-Z][a-zA-Z0-9-]*)(?:="([^"]*)")?/g;

/**
 * The opening tags of a page of ours; fails (jest) when a `<` starts anything but a tag, an end tag
 * or the doctype: markup that escaped escaping shows up as a tag the test does not allow, or as a
 * `<` that is no tag. For the server-rendered pages' unit tests.
 */
export function tagsOf(html: string): Tag[] {
  const matches = [...html.matchAll(TAG)];
  expect(matches).toHaveLength(html.split('<').length - 1);
  return matches
    .filter((match) => match[1] !== undefined)
    .map((match) => ({
      name: match[1]!.toLowerCase(),
      attributes: Object.fromEntries([...(match[2] ?? '').matchAll(ATTRIBUTE)].map((attr) => [attr[1]!.toLowerCase(), attr[2] ?? ''])),
    }));
}
