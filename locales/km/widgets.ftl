# Texts of the React widgets (widgets/src). Loaded by the browser from /locales/{lang}/widgets.ftl.

## Login popup

login-heading-welcome = សូមស្វាគមន៍ការត្រឡប់មកវិញ
login-heading-set-password = កំណត់ពាក្យសម្ងាត់
login-tab-account = ចូលដោយគណនី
login-tab-otp = ចូលដោយលេខកូដ OTP
login-subtab-email = អ៊ីមែល
login-subtab-phone = ទូរសព្ទ
login-email-placeholder = អ៊ីមែល
login-phone-placeholder = លេខទូរសព្ទ
login-dial-code = លេខកូដប្រទេស
login-password-placeholder = ពាក្យសម្ងាត់
login-code-placeholder = លេខកូដផ្ទៀងផ្ទាត់
login-send-code = ផ្ញើលេខកូដ
# The Send Code button while it waits before another code may be sent.
login-send-code-wait = { $seconds } វិនាទី
login-code-sent = បានផ្ញើលេខកូដផ្ទៀងផ្ទាត់ហើយ
login-new-password = ពាក្យសម្ងាត់
login-confirm-password = បញ្ជាក់ពាក្យសម្ងាត់
login-set-password-enter-code = បញ្ចូលលេខកូដ OTP ដើម្បីកំណត់ពាក្យសម្ងាត់
login-set-password = កំណត់ពាក្យសម្ងាត់
login-sign-in = ចូល
login-signing-in = កំពុងចូល...
login-back = ត្រឡប់ក្រោយ
login-close = បិទ
login-clear = សម្អាត
login-new-account = មើលទៅដូចជាគណនីថ្មី។ សូមកំណត់ពាក្យសម្ងាត់។
# $terms and $privacy are the links below.
login-terms = ខ្ញុំបានអាន និងយល់ព្រមតាម{ $terms } និង{ $privacy }
login-terms-of-service = លក្ខខណ្ឌនៃសេវាកម្ម
login-privacy-policy = គោលការណ៍ឯកជនភាព
login-social = ឬចូលដោយប្រើ
login-google = ចូលដោយប្រើ Google
login-facebook = ចូលដោយប្រើ Facebook

## Validation

error-invalid-email = សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលដែលត្រឹមត្រូវ
error-invalid-phone = សូមបញ្ចូលលេខទូរសព្ទដែលត្រឹមត្រូវ
error-password-empty = សូមបញ្ចូលពាក្យសម្ងាត់របស់អ្នក
error-code-empty = សូមបញ្ចូលលេខកូដផ្ទៀងផ្ទាត់
error-new-password-empty = សូមបញ្ចូលពាក្យសម្ងាត់
error-confirm-empty = សូមបញ្ជាក់ពាក្យសម្ងាត់របស់អ្នក
error-password-mismatch = ពាក្យសម្ងាត់មិនត្រូវគ្នាទេ
error-terms = សូមយល់ព្រមតាមលក្ខខណ្ឌ
tip-set-password-first = សូមកំណត់ពាក្យសម្ងាត់របស់អ្នកជាមុនសិន
tip-password-min = ពាក្យសម្ងាត់ត្រូវមានយ៉ាងហោចណាស់ ៦ តួអក្សរ
tip-password-rule = ពាក្យ​សម្ងាត់​ត្រូវ​មាន​ពី 8 ដល់ 20 តួអក្សរ ហើយ​ផ្សំ​ដោយ​អក្សរ លេខ និង​និមិត្តសញ្ញា​ពិសេស

## API errors

error-server-hiccup = ម៉ាស៊ីនមេកំពុងមានបញ្ហាបន្តិចបន្តួច

# Category mega-menu
category-loading = កំពុង​ផ្ទុក​ប្រភេទ…
category-empty = មិន​ទាន់​មាន​ប្រភេទ​រង​ទេ
category-failed = មិន​អាច​ផ្ទុក​ប្រភេទ​បាន​ទេ។ សូម​រំកិល​ចេញ ហើយ​ត្រឡប់​មក​វិញ​ដើម្បី​សាកល្បង​ម្ដង​ទៀត។

## Image upload (the image-upload widget)

upload-add = បន្ថែមរូបភាព
upload-change = ប្ដូររូបភាព
upload-hint = PNG, JPEG, GIF ឬ WebP មិនលើសពី { $mb } MB។
upload-count = { $count } ក្នុងចំណោម { $max }។
upload-drop = អ្នកក៏អាចទម្លាក់រូបភាពនៅទីនេះបានដែរ។
upload-preview = រូបភាពទី { $n }
upload-progress = កំពុងផ្ទុករូបភាពទី { $n } ឡើង
upload-remove = លុបរូបភាពទី { $n }
upload-uploading = កំពុងផ្ទុកឡើង…
upload-error-type = អាចផ្ទុកឡើងបានតែរូបភាព PNG, JPEG, GIF ឬ WebP ប៉ុណ្ណោះ
upload-error-size = រូបភាពធំជាង { $mb } MB
upload-error-count = អ្នកអាចបន្ថែមរូបភាពបានច្រើនបំផុត { $max } សន្លឹក
upload-error-failed = ការផ្ទុកឡើងបានបរាជ័យ។ សូមព្យាយាមម្ដងទៀត។
