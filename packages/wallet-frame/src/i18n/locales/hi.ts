import type { ScreenText } from '../en.ts'

const hi: ScreenText = {
  preparing: 'नेटवर्क शुल्क जांचा जा रहा है…',
  account: 'खाता',
  close: 'बंद करें',
  reject: 'अस्वीकार करें',
  approve: 'स्वीकृत करें',
  approving: 'स्वीकृत हो रहा है...',
  originHint: 'अनुरोध करने वाली साइट का पता, जैसा आपका ब्राउज़र बताता है',
  'Sign message': 'संदेश पर हस्ताक्षर',
  'Sign typed data': 'टाइप्ड डेटा पर हस्ताक्षर',
  'Approve transaction': 'लेन-देन स्वीकृत करें',
  'Approve calls': 'कॉल स्वीकृत करें',
  'Grant permissions': 'अनुमतियां दें',
  'Revoke permissions': 'अनुमतियां रद्द करें',
  'Approve user operation': 'यूज़र ऑपरेशन स्वीकृत करें',
  'Sign transaction': 'लेन-देन पर हस्ताक्षर',
  'Sign transactions': 'लेन-देनों पर हस्ताक्षर',
  'Approve request': 'अनुरोध स्वीकृत करें',
}

export default hi
