// The feed's words in each language of the site (ADR 027). A deployed function cannot read the
// app's catalogs (src/i18n/catalogs), so its few sentences live here; the languages are the
// site's six (tests/integration/results-feed-language.test.ts fails when they drift apart).

export const FEED_LANGUAGES = ['en', 'th', 'lo', 'vi', 'zh', 'ms'] as const;
export type FeedLanguage = (typeof FEED_LANGUAGES)[number];

export const isFeedLanguage = (value: string): value is FeedLanguage =>
  (FEED_LANGUAGES as readonly string[]).includes(value);

/** One draw, as an item's sentences name it. */
export interface DrawWords {
  prize: string;
  /** The prize digit by digit (`0 0 4 2`), as a screen reader should say it. */
  spaced: string;
  /** The draw of the day, from 1. */
  number: number;
  date: string;
  /** `13:30` on the lottery clock. */
  time: string;
  timeZone: string;
}

export interface FeedWords {
  /** The BCP 47 tag of RSS `<language>` and JSON Feed `language` (the site's `<html lang>`). */
  tag: string;
  title: string;
  description: string;
  itemTitle: (draw: DrawWords) => string;
  itemText: (draw: DrawWords) => string;
  /** The commitments feed's (`?feed=commitments`, ADR 023) own title and what it is for. */
  commitmentsTitle: string;
  commitmentsDescription: string;
}

// The region's lottery words (docs/glossary.md): first prize, draw #n.
export const FEED_WORDS: Record<FeedLanguage, FeedWords> = {
  en: {
    tag: 'en',
    title: 'Lotto24 hourly results',
    description: 'The first prize of every hourly Lotto24 draw, newest first.',
    itemTitle: (d) => `${d.prize}: draw #${d.number}, ${d.date} ${d.time}`,
    itemText: (d) =>
      `First prize ${d.prize} (${d.spaced}) in draw #${d.number} of ${d.date}, ` +
      `drawn at ${d.time} ${d.timeZone} time.`,
    commitmentsTitle: 'Lotto24 commitments of the draws to come',
    commitmentsDescription:
      "The commitment and time lock of each draw to come, published before its moment: keep a copy, and compare each draw's proof with it after the draw.",
  },
  th: {
    tag: 'th',
    title: 'ผลรางวัลรายชั่วโมง Lotto24',
    description: 'รางวัลที่ 1 ของทุกรอบรายชั่วโมงของ Lotto24 ล่าสุดก่อน',
    itemTitle: (d) => `${d.prize}: รอบที่ ${d.number}, ${d.date} ${d.time}`,
    itemText: (d) =>
      `รางวัลที่ 1 ${d.prize} (${d.spaced}) รอบที่ ${d.number} ของวันที่ ${d.date} ` +
      `ออกเวลา ${d.time} ตามเวลา ${d.timeZone}`,
    commitmentsTitle: 'ค่าผูกมัดของรอบที่จะออก Lotto24',
    commitmentsDescription:
      'ค่าผูกมัดและล็อกเวลาของแต่ละรอบที่จะออก ประกาศก่อนถึงเวลาออกผล: เก็บสำเนาไว้ แล้วนำหลักฐานของแต่ละรอบมาเทียบหลังออกผล',
  },
  lo: {
    tag: 'lo',
    title: 'ຜົນຫວຍລາຍຊົ່ວໂມງ Lotto24',
    description: 'ລາງວັນທີ 1 ຂອງທຸກຮອບລາຍຊົ່ວໂມງຂອງ Lotto24, ລ່າສຸດກ່ອນ.',
    itemTitle: (d) => `${d.prize}: ຮອບທີ ${d.number}, ${d.date} ${d.time}`,
    itemText: (d) =>
      `ລາງວັນທີ 1 ${d.prize} (${d.spaced}) ຮອບທີ ${d.number} ຂອງວັນທີ ${d.date}, ` +
      `ອອກເວລາ ${d.time} ຕາມເວລາ ${d.timeZone}.`,
    commitmentsTitle: 'ຄ່າຜູກມັດຂອງຮອບທີ່ຈະອອກ Lotto24',
    commitmentsDescription:
      'ຄ່າຜູກມັດ ແລະ ລັອກເວລາຂອງແຕ່ລະຮອບທີ່ຈະອອກ, ປະກາດກ່ອນຮອດເວລາອອກເລກ: ເກັບສຳເນົາໄວ້, ແລ້ວນຳຫຼັກຖານຂອງແຕ່ລະຮອບມາທຽບຫຼັງອອກເລກ.',
  },
  vi: {
    tag: 'vi',
    title: 'Kết quả Lotto24 hằng giờ',
    description: 'Giải nhất của mọi lượt quay hằng giờ của Lotto24, mới nhất trước.',
    itemTitle: (d) => `${d.prize}: lượt #${d.number}, ${d.date} ${d.time}`,
    itemText: (d) =>
      `Giải nhất ${d.prize} (${d.spaced}) ở lượt #${d.number} ngày ${d.date}, ` +
      `quay lúc ${d.time} giờ ${d.timeZone}.`,
    commitmentsTitle: 'Cam kết các lượt quay sắp tới của Lotto24',
    commitmentsDescription:
      'Cam kết và khóa thời gian của từng lượt quay sắp tới, công bố trước thời điểm quay: hãy lưu một bản và đối chiếu bằng chứng của từng lượt sau khi quay.',
  },
  zh: {
    tag: 'zh-Hans',
    title: 'Lotto24 每小时开奖结果',
    description: 'Lotto24 每小时各期头奖，最新在前。',
    itemTitle: (d) => `${d.prize}：第 ${d.number} 期，${d.date} ${d.time}`,
    itemText: (d) =>
      `${d.date} 第 ${d.number} 期头奖 ${d.prize}（${d.spaced}），` +
      `开奖时间 ${d.time}（${d.timeZone} 时间）。`,
    commitmentsTitle: 'Lotto24 待开奖各期的承诺',
    commitmentsDescription:
      '待开奖各期的承诺和时间锁，均在开奖时刻之前公布：请存档，开奖后用各期的证明与之核对。',
  },
  ms: {
    tag: 'ms',
    title: 'Keputusan setiap jam Lotto24',
    description: 'Hadiah pertama setiap cabutan setiap jam Lotto24, terbaru dahulu.',
    itemTitle: (d) => `${d.prize}: cabutan #${d.number}, ${d.date} ${d.time}`,
    itemText: (d) =>
      `Hadiah pertama ${d.prize} (${d.spaced}) dalam cabutan #${d.number} pada ${d.date}, ` +
      `dicabut pada ${d.time} waktu ${d.timeZone}.`,
    commitmentsTitle: 'Komitmen cabutan akan datang Lotto24',
    commitmentsDescription:
      'Komitmen dan kunci masa setiap cabutan akan datang, diterbitkan sebelum saat cabutan: simpan salinan, dan bandingkan bukti setiap cabutan dengannya selepas cabutan.',
  },
};
