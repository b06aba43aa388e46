/**
 * Words that say little about a sentence's topic: left out when near-duplicate sentences are
 * compared and when a post's topic is named from a quote. Lower case, apostrophes as `'`.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  `a about above actually after again against ah all almost also although always am an and any anyone anything anyway
  are aren't around as at back be because been before being below between both but by can can't cannot could couldn't
  did didn't do does doesn't doing don't done down during each either else even ever every everything few for from
  further get gets getting go goes going gone gonna good got gotta guess guy guys had hadn't has hasn't have haven't
  having he her here hers herself him himself his how i i'd i'll i'm i've if in into is isn't it it's its itself just
  kind kinda know let let's like lot lots made make makes making many may maybe me mean might mine more most much must
  my myself need needs no nor not nothing now of off oh ok okay on once one only or other others our ours ourselves out
  over own pretty probably quite rather re really right said same say saying says see seem seems she should shouldn't
  so some something sort sure than that that's the their theirs them themselves then there there's these they they'd
  they'll they're they've thing things think this those though through to too totally um uh under until up us very
  want wanted wants was wasn't way we we'd we'll we're we've well were weren't what what's whatever when where which
  while who who's whom why will with won't would wouldn't yeah yes yet you you'd you'll you're you've your yours
  yourself yourselves`.split(/\s+/),
);
