/**
 * The built-in tables as a reader sees them in the lobby's picker: a Chinese and an English name
 * and a one-line description in each language. A table the client does not know is shown with
 * the server's own title and description.
 */
import { currentLang } from './i18n.js';

const TABLES = {
  chaodipi: {
    zh: ['炒地皮', '4 人 2 副，对家一伙；每人 25 张，8 张底牌；从 2 打到 A 再扛旗；红桃 5 是最大的主，底牌可以反复抄，5-10-K 管住同花色，红 5 对孤注一掷。'],
    en: ['Chao Dipi', '4 players in two partnerships, 2 decks; 25 cards each and an 8-card kitty; climb from 2 to A, then pass the flag hand; 5♥ is the top trump, the kitty can be re-taken, 5-10-K beats its suit, a red-5 pair risks everything.'],
  },
  'chaodipi-live': {
    zh: ['炒地皮（边发边亮）', '同炒地皮，但一边发牌一边亮主：牌一轮一轮地发，谁拿到级牌谁就可以随时亮主或反主；每轮时间一样长。'],
    en: ['Chao Dipi, declare while dealing', 'Chao Dipi as in Shengji: the cards come a round at a time, and anyone may declare or overturn the moment they hold the cards for it; every round lasts the same time.'],
  },
  laizi: {
    zh: ['癞子斗地主', '3 人 1 副；可明牌开始（×4）；叫 1–3 分一轮，抢地主（每次 ×2）；亮底后随机定一个点数为癞子，四张都是癞子；王炸 > 纯癞子炸弹 > 硬炸弹 > 软炸弹。'],
    en: ['Wildcard Dou Dizhu', '3 players, 1 deck; open hands before the deal (×4); one round of bids 1–3, then grabs (×2 each); after the bottom one rank is drawn and its four cards are wild; rocket > pure wild bomb > hard bomb > soft bomb.'],
  },
  classic: {
    zh: ['三人斗地主', '3 人 1 副，每人 17 张，3 张底牌；叫 1–3 分；炸弹和王炸翻倍。'],
    en: ['Classic Dou Dizhu', '3 players, 1 deck, 17 cards each and a 3-card bottom; bids 1–3; bombs and the rocket double the stake.'],
  },
  'spec-4p1d': {
    zh: ['投机商 4人1副', '持梅花 7 者为投机商，送地主 4 张、每个农民 1 张；手牌 17 / 14 / 9 张。'],
    en: ['Speculator, 4 players, 1 deck', 'Whoever holds 7♣ is the speculator: 4 cards to the landlord, 1 to each farmer; hands 17 / 14 / 9.'],
  },
  'spec-4p2d': {
    zh: ['投机商 4人2副', '第 3 张底牌的另一张的持有者为投机商；送 8 张和各 3 张；炸弹越大越强，四王最大。'],
    en: ['Speculator, 4 players, 2 decks', 'The other copy of the 3rd bottom card marks the speculator; gifts 8 and 3 each; bigger bombs beat smaller, four jokers top them.'],
  },
  'spec-5p1d': {
    zh: ['投机商 5人1副', '翻一张牌：同色同点的牌定投机商，该花色最大的牌是癞子，该点数大于 2；送 3 张和各 1 张。'],
    en: ['Speculator, 5 players, 1 deck', 'A flipped card: its same-colour twin marks the speculator, the top card of its suit is wild and its rank ranks above 2; gifts 3 and 1 each.'],
  },
  'spec-5p2d': {
    zh: ['投机商 5人2副', '第 2 张底牌的另一张定投机商；送 5 张和各 2 张；四带二的两张带牌不同。'],
    en: ['Speculator, 5 players, 2 decks', 'The other copy of the 2nd bottom card marks the speculator; gifts 5 and 2 each; four with two different kickers.'],
  },
  'spec-5p3d': {
    zh: ['投机商 5人3副', '持标记梅花 7 者为投机商；送 9 张和各 3 张；12 张同点直接赢。'],
    en: ['Speculator, 5 players, 3 decks', 'The marked 7♣ marks the speculator; gifts 9 and 3 each; 12 of a kind wins at once.'],
  },
  'spec-6p2d': {
    zh: ['投机商 6人2副 双地主', '翻一张牌，另一张定投机商并归地主；地主用同点的牌叫小地主；一打四赌注 ×3。'],
    en: ['Speculator, 6 players, 2 decks, two landlords', 'A flipped card: its other copy marks the speculator and goes to the landlord, who names a small landlord; one against four triples the stake.'],
  },
  'spec-6p3d': {
    zh: ['投机商 6人3副 双地主', '持标记梅花 7 者为投机商；地主用同花对子或底牌的另一张叫小地主（可叫自己）；一打四赌注 ×3。'],
    en: ['Speculator, 6 players, 3 decks, two landlords', 'The marked 7♣ marks the speculator; the landlord names a small landlord with a same-suit pair or a bottom card’s copy (or itself); one against four triples the stake.'],
  },
  'spec-7p2d': {
    zh: ['投机商 7人2副 双地主', '最后一张底牌的另一张定投机商；地主用一张牌叫小地主；炸弹只有 4 张。'],
    en: ['Speculator, 7 players, 2 decks, two landlords', 'The other copy of the last bottom card marks the speculator; the landlord names a small landlord with one card; bombs of exactly 4.'],
  },
  'spec-7p3d': {
    zh: ['投机商 7人3副 双地主', '持标记梅花 7 者为投机商，送牌前暗拿 4 张底牌；送 5 张和各 2 张。'],
    en: ['Speculator, 7 players, 3 decks, two landlords', 'The marked 7♣ marks the speculator, who takes 4 bottom cards face down before its gifts; gifts 5 and 2 each.'],
  },
  'spec-8p3d': {
    zh: ['投机商 8人3副 双地主', '持标记梅花 7 者为投机商并再摸 5 张；送 4 张和各 1 张。'],
    en: ['Speculator, 8 players, 3 decks, two landlords', 'The marked 7♣ marks the speculator, who draws 5 more cards; gifts 4 and 1 each.'],
  },
  'spec-3p1d': {
    zh: ['投机商 3人1副', '去掉 3 和 4：地主、投机商和一个农民；农民剩牌不多于叫分即赢（让牌）；投机商分一半。'],
    en: ['Speculator, 3 players, 1 deck', 'No 3s or 4s: landlord, speculator and one farmer; the farmer wins holding as many cards as the bid (the handicap); the speculator shares half.'],
  },
  'spec-4p3d-2c': {
    zh: ['投机商 4人3副 双色', '每手牌同一颜色，红管黑，同点黑可回管红；送 5 红 5 黑和各 2 红 2 黑。'],
    en: ['Speculator, 4 players, 3 decks, two colours', 'Every play is one colour; red beats black and black beats red back at the same rank; gifts 5 red + 5 black and 2 + 2 each.'],
  },
  'spec-5p3d-2c': {
    zh: ['投机商 5人3副 双色', '双色规则同 4人3副；送 5 红 4 黑和各 2 红 1 黑。'],
    en: ['Speculator, 5 players, 3 decks, two colours', 'Two colours as on 4 players, 3 decks; gifts 5 red + 4 black and 2 red + 1 black each.'],
  },
  'two-player': {
    zh: ['二人斗地主', '2 人 1 副，每人 20 张，3 张底牌亮给对手，11 张盖牌作废不用；叫地主或不叫，先叫者为地主；炸弹和王炸翻倍。'],
    en: ['Two-player Dou Dizhu', '2 players, 1 deck, 20 cards each, a 3-card bottom shown to the opponent and 11 dead cards out of play; call the landlord or pass, the first call takes it; bombs and the rocket double the stake.'],
  },
  'four-player': {
    zh: ['四人斗地主', '4 人 2 副，每人 25 张，8 张底牌地主不亮；叫 1–3 分；没有三带一和四带二；4–8 张炸弹，张数多者大，四王最大；只有王炸和 6 张以上的炸弹翻倍。'],
    en: ['Four-player Dou Dizhu', '4 players, 2 decks, 25 cards each and 8 bottom cards the landlord takes unseen; bids 1–3; no triple with a single, no four with two; bombs of 4–8 cards, more cards beating fewer, under the four jokers; only the rocket and bombs of 6+ double.'],
  },
  'five-player': {
    zh: ['五人斗地主', '5 人 2 副，每人 21 张；拿到明牌者为明地主（底牌不亮），拿到另一张者为暗地主；地主可亮出身份（×2）；每人可加倍一次。'],
    en: ['Five-player Dou Dizhu', '5 players, 2 decks, 21 cards each; the marked card makes its holder the landlord, its twin’s holder the hidden landlord; either may reveal the team (×2); every seat may double once.'],
  },
  'dou-dizhu-emperor': {
    zh: ['斗帝主', '3 人 2 副，每人 34 张；6 张底牌只给帝主看，任意留；16 种牌型（四同张不算炸弹，连四、四带三、航母、连衣裙、飞船）；5 张以上的炸弹和四王翻倍。'],
    en: ['Emperor Dou Dizhu', '3 players, 2 decks, 34 cards each; the emperor alone sees the 6 bottom cards and keeps any; 16 patterns (quads are no bomb; quad chains, four with three, carriers, dresses, spaceships); bombs of 5+ and the four jokers double.'],
  },
};

/** `[Chinese name, English name]` of a table (`/api/variants` entry); the server's title twice when unknown. */
export function tableNames(variant) {
  const known = TABLES[variant.name];
  return known ? [known.zh[0], known.en[0]] : [variant.title, variant.name];
}

/** A table's name in the reader's language. */
export function tableName(variant) {
  const [zh, en] = tableNames(variant);
  return currentLang() === 'zh' ? zh : en;
}

/** A table's one-line description in the reader's language (the server's for an unknown table). */
export function tableSummary(variant) {
  return TABLES[variant.name]?.[currentLang()]?.[1] ?? variant.summary ?? '';
}
