// The feed's refusals (`{ error }`) in the language a request asked for (ADR 027), like its other
// words (feed-words.ts): a link followed from a Thai page that fails says so in Thai. Parameter
// names and values (`format=json`, `rss`) are the API's and stay as they are.
import { FEED_LANGUAGES, type FeedLanguage, isFeedLanguage } from './feed-words.ts';

export interface FeedErrors {
  queryTooLong: string;
  formatTwice: string;
  feedTwice: string;
  feedUnknown: string;
  commitmentsJson: string;
  formatUnknown: string;
  methodNotAllowed: string;
  readResults: string;
  readCommitments: string;
}

/** A `lang` given twice or not one of the six names no language: these are said in English. */
export const LANG_ERRORS = {
  twice: 'Give lang once',
  unknown: `Unknown lang: use one of ${FEED_LANGUAGES.join(', ')}`,
};

/** The language of a request's answer: its one valid `lang`, else English. */
export function requestLanguage(url: URL): FeedLanguage {
  const langs = url.searchParams.getAll('lang');
  return langs.length === 1 && isFeedLanguage(langs[0]!) ? langs[0] : 'en';
}

export const FEED_ERRORS: Record<FeedLanguage, FeedErrors> = {
  en: {
    queryTooLong: 'Query string is too long',
    formatTwice: 'Give format once: rss or json',
    feedTwice: 'Give feed once: results or commitments',
    feedUnknown: 'Unknown feed: use feed=results or feed=commitments',
    commitmentsJson: 'The commitments feed is JSON: use format=json or leave it out',
    formatUnknown: 'Unknown format: use format=rss or format=json',
    methodNotAllowed: 'Method not allowed: use GET',
    readResults: 'Could not read the results, try again',
    readCommitments: 'Could not read the commitments, try again',
  },
  th: {
    queryTooLong: 'สตริงคำค้นยาวเกินไป',
    formatTwice: 'ระบุ format ครั้งเดียว: rss หรือ json',
    feedTwice: 'ระบุ feed ครั้งเดียว: results หรือ commitments',
    feedUnknown: 'ไม่รู้จัก feed นี้: ใช้ feed=results หรือ feed=commitments',
    commitmentsJson: 'ฟีดค่าผูกมัดเป็น JSON: ใช้ format=json หรือไม่ต้องระบุ',
    formatUnknown: 'ไม่รู้จัก format นี้: ใช้ format=rss หรือ format=json',
    methodNotAllowed: 'ไม่รองรับเมธอดนี้: ใช้ GET',
    readResults: 'อ่านผลรางวัลไม่ได้ ลองใหม่อีกครั้ง',
    readCommitments: 'อ่านค่าผูกมัดไม่ได้ ลองใหม่อีกครั้ง',
  },
  lo: {
    queryTooLong: 'ສະຕຣິງຄຳຄົ້ນຍາວເກີນໄປ',
    formatTwice: 'ລະບຸ format ຄັ້ງດຽວ: rss ຫຼື json',
    feedTwice: 'ລະບຸ feed ຄັ້ງດຽວ: results ຫຼື commitments',
    feedUnknown: 'ບໍ່ຮູ້ຈັກ feed ນີ້: ໃຊ້ feed=results ຫຼື feed=commitments',
    commitmentsJson: 'ຟີດຄ່າຜູກມັດເປັນ JSON: ໃຊ້ format=json ຫຼື ບໍ່ຕ້ອງລະບຸ',
    formatUnknown: 'ບໍ່ຮູ້ຈັກ format ນີ້: ໃຊ້ format=rss ຫຼື format=json',
    methodNotAllowed: 'ບໍ່ຮອງຮັບເມທອດນີ້: ໃຊ້ GET',
    readResults: 'ອ່ານຜົນຫວຍບໍ່ໄດ້, ລອງໃໝ່ອີກຄັ້ງ',
    readCommitments: 'ອ່ານຄ່າຜູກມັດບໍ່ໄດ້, ລອງໃໝ່ອີກຄັ້ງ',
  },
  vi: {
    queryTooLong: 'Chuỗi truy vấn quá dài',
    formatTwice: 'Chỉ ghi format một lần: rss hoặc json',
    feedTwice: 'Chỉ ghi feed một lần: results hoặc commitments',
    feedUnknown: 'Không rõ feed: dùng feed=results hoặc feed=commitments',
    commitmentsJson: 'Nguồn cam kết là JSON: dùng format=json hoặc bỏ trống',
    formatUnknown: 'Không rõ format: dùng format=rss hoặc format=json',
    methodNotAllowed: 'Phương thức không được phép: dùng GET',
    readResults: 'Không đọc được kết quả, hãy thử lại',
    readCommitments: 'Không đọc được các cam kết, hãy thử lại',
  },
  zh: {
    queryTooLong: '查询字符串过长',
    formatTwice: 'format 只能给一次：rss 或 json',
    feedTwice: 'feed 只能给一次：results 或 commitments',
    feedUnknown: '未知的 feed：请用 feed=results 或 feed=commitments',
    commitmentsJson: '承诺订阅只有 JSON 格式：请用 format=json 或不填',
    formatUnknown: '未知的 format：请用 format=rss 或 format=json',
    methodNotAllowed: '不允许的请求方法：请用 GET',
    readResults: '无法读取开奖结果，请重试',
    readCommitments: '无法读取承诺，请重试',
  },
  ms: {
    queryTooLong: 'Rentetan pertanyaan terlalu panjang',
    formatTwice: 'Beri format sekali sahaja: rss atau json',
    feedTwice: 'Beri feed sekali sahaja: results atau commitments',
    feedUnknown: 'feed tidak dikenali: gunakan feed=results atau feed=commitments',
    commitmentsJson: 'Suapan komitmen ialah JSON: gunakan format=json atau biarkan kosong',
    formatUnknown: 'format tidak dikenali: gunakan format=rss atau format=json',
    methodNotAllowed: 'Kaedah tidak dibenarkan: gunakan GET',
    readResults: 'Keputusan tidak dapat dibaca, cuba lagi',
    readCommitments: 'Komitmen tidak dapat dibaca, cuba lagi',
  },
};
