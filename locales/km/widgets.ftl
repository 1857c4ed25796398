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
upload-error-duplicate = រូបភាពនេះបានបន្ថែមរួចហើយជារូបភាពទី { $n }៖ រក្សាទុកតែមួយប៉ុណ្ណោះ

## Comparison
pc-title = ការ​ប្រៀបធៀប​តម្លៃ
pc-close = បិទ​ការ​ប្រៀបធៀប​តម្លៃ
pc-info = របៀប​ដែល​យើង​បង្ហាញ​តម្លៃ និង​ហាង
pc-loading = កំពុង​ផ្ទុក​ការ​ប្រៀបធៀប…
pc-buy-now = ទិញ​ឥឡូវ
pc-add-to-cart = ដាក់​ក្នុង​រទេះ
pc-add-supplier = បន្ថែម​អ្នក​ផ្គត់ផ្គង់​ដើម្បី​ប្រៀបធៀប
pc-price = តម្លៃ
pc-stock = ស្តុក៖ { $count }
pc-out-of-stock = អស់​ពី​ស្តុក
pc-sold = លក់​បាន { $count }
pc-rating = ការ​វាយ​តម្លៃ { $rating }
pc-followers = អ្នក​តាម​ដាន { $count } នាក់
pc-go-to-shop = ចូល​ហាង
pc-delivery = ដឹក​ជញ្ជូន​ប្រហែល { $days } ថ្ងៃ
pc-per-pack = { $qty } ក្នុង​មួយ​កញ្ចប់
pc-this-product = ផលិតផល​នេះ
pc-added-by-you = អ្នក​បាន​បន្ថែម
pc-col-remove = ដក​ចេញ
pc-col-description = ការ​ពិពណ៌នា​ផលិតផល
pc-col-price = តម្លៃ ស្តុក និង​ចំនួន​លក់
pc-col-supplier = អ្នក​ផ្គត់ផ្គង់
pc-col-actions = សកម្មភាព
pc-remove-item = ដក { $name } ចេញ​ពី​ការ​ប្រៀបធៀប
pc-sort-label = តម្រៀប​តម្លៃ​ផ្តល់​ជូន
pc-sort-rating-high = ការ​វាយ​តម្លៃ​ហាង៖ ពី​ខ្ពស់​ទៅ​ទាប
pc-sort-rating-low = ការ​វាយ​តម្លៃ​ហាង៖ ពី​ទាប​ទៅ​ខ្ពស់
pc-sort-price-low = តម្លៃ៖ ពី​ទាប​ទៅ​ខ្ពស់
pc-sort-price-high = តម្លៃ៖ ពី​ខ្ពស់​ទៅ​ទាប
pc-empty = មិន​មាន​ទិន្នន័យ​ប្រៀបធៀប​ទេ
pc-refresh = ផ្ទុក​ទិន្នន័យ​ឡើង​វិញ
pc-refreshing = កំពុង​ផ្ទុក​ទិន្នន័យ​ប្រៀបធៀប​ឡើង​វិញ...
pc-similar-title = ប្រៀបធៀប​ជាមួយ​ផលិតផល​ស្រដៀង​គ្នា
pc-similar-open = ជ្រើសរើស​ផលិតផល​ស្រដៀង​គ្នា
pc-similar-empty = រក​មិន​ឃើញ​ផលិតផល​ស្រដៀង​គ្នា​ទេ
pc-similar-add-one = បន្ថែម { $name } ទៅ​ក្នុង​ការ​ប្រៀបធៀប
pc-already-added = បាន​បន្ថែម​រួច​ហើយ
pc-info-title = របៀប​ដែល​យើង​បង្ហាញ​តម្លៃ និង​ហាង
pc-info-updates = តម្លៃ​ត្រូវ​បាន​ធ្វើ​បច្ចុប្បន្នភាព ៣ ទៅ ៥ ដង​ក្នុង​មួយ​ថ្ងៃ ដូច្នេះ​តម្លៃ​អាច​ប្រែប្រួល​មុន​ពេល​អ្នក​បើក​មើល។ ទំព័រ​ផលិតផល​តែង​បង្ហាញ​តម្លៃ​បច្ចុប្បន្ន​ជានិច្ច។
pc-info-order = ការ​ផ្តល់​ជូន​ត្រូវ​បាន​តម្រៀប​តាម​តម្លៃ បន្ទាប់​មក​តាម​លក្ខខណ្ឌ​បន្ថែម៖ ហាង​ដែល​មាន​ការ​វាយ​តម្លៃ​ខ្ពស់​ជាង​មុន បន្ទាប់​មក​ការ​ដាក់​លក់​ដែល​ចាស់​ជាង។ អ្នក​ក៏​អាច​តម្រៀប​តាម​ការ​វាយ​តម្លៃ​ហាង ហើយ​បន្ថែម ឬ​ដក​អ្នក​ផ្គត់ផ្គង់​តាម​ចិត្ត។
pc-info-close = យល់​ហើយ
pc-picker-title = បន្ថែម​អ្នក​ផ្គត់ផ្គង់​ដើម្បី​ប្រៀបធៀប
pc-picker-search = ស្វែង​រក​អ្នក​ផ្គត់ផ្គង់ ឬ​ផលិតផល
pc-picker-add = បន្ថែម​ដើម្បី​ប្រៀបធៀប ({ $count })
pc-picker-none = មិន​ទាន់​មាន​អ្នក​ផ្គត់ផ្គង់​នៅ​ពេល​នេះ​ទេ
pc-picker-not-found = រក​មិន​ឃើញ​អ្នក​ផ្គត់ផ្គង់/ផលិតផល​ទេ
pc-picker-removed = បាន​ដក​ចេញ​ពី​មុន
pc-modal-close = បិទ
pc-similar-modal-title = ប្រៀបធៀប​ជាមួយ​ផលិតផល​ស្រដៀង​គ្នា
pc-similar-search = ស្វែង​រក​ផលិតផល​ស្រដៀង​គ្នា
pc-similar-search-hint = វាយ​ដើម្បី​ស្វែង​រក ចុច Enter ដើម្បី​ជ្រើសរើស ចុច Backspace ដើម្បី​ដក​ធាតុ​ចុង​ក្រោយ​ចេញ។
pc-similar-suggestions = ការ​ណែនាំ
pc-similar-in-table = មាន​ក្នុង​ការ​ប្រៀបធៀប​រួច​ហើយ
pc-similar-main = ផលិតផល​ដែល​អ្នក​កំពុង​ប្រៀបធៀប
pc-similar-remove-tag = ដក { $name } ចេញ
pc-similar-add = បន្ថែម​ដើម្បី​ប្រៀបធៀប ({ $count })
pc-similar-searching = កំពុង​ស្វែង​រក…
pc-msg-already = { $count ->
    [one] អ្នក​ផ្គត់ផ្គង់ "{ $names }" មាន​ក្នុង​បញ្ជី​ប្រៀបធៀប​រួច​ហើយ។
   *[other] អ្នក​ផ្គត់ផ្គង់ { $names } មាន​ក្នុង​បញ្ជី​ប្រៀបធៀប​រួច​ហើយ។
}
pc-msg-added-one = អ្នក​ផ្គត់ផ្គង់ "{ $name }" ត្រូវ​បាន​បន្ថែម​ទៅ​ក្នុង​ការ​ប្រៀបធៀប។
pc-msg-added-many = អ្នក​ផ្គត់ផ្គង់​ថ្មី { $count } ត្រូវ​បាន​បន្ថែម​ទៅ​ក្នុង​ការ​ប្រៀបធៀប។
pc-msg-removed = ធាតុ​ត្រូវ​បាន​ដក​ចេញ​ពី​ការ​ប្រៀបធៀប។
pc-cart-added = បាន​ដាក់​ក្នុង​រទេះ​ដោយ​ជោគជ័យ
pc-cart-failed = មិន​អាច​ដាក់​ក្នុង​រទេះ​បាន​ទេ។ សូម​ព្យាយាម​ម្តង​ទៀត។
pc-buy-failed = មិន​អាច​ទិញ​ឥឡូវ​បាន​ទេ។ សូម​ព្យាយាម​ម្តង​ទៀត។
pc-history-title = ប្រវត្តិ​តម្លៃ
pc-history-period = រយៈ​ពេល
pc-period-week = មួយ​សប្តាហ៍
pc-period-month = មួយ​ខែ
pc-period-quarter = មួយ​ត្រីមាស
pc-period-year = មួយ​ឆ្នាំ
pc-history-summary = ទាប​បំផុត { $lowest } · ខ្ពស់​បំផុត { $highest } · បច្ចុប្បន្ន { $current }
pc-history-chart = តម្លៃ​ពី { $from } ដល់ { $to }៖ ទាប​បំផុត { $lowest } ខ្ពស់​បំផុត { $highest } បច្ចុប្បន្ន { $current }
pc-history-failed = មិន​អាច​ផ្ទុក​ប្រវត្តិ​តម្លៃ​បាន​ទេ។

## chat-ui
chat-title = ជជែក
chat-agent-account = អ្នកឆ្លើយការជជែកសម្រាប់ហាង ឬវេទិកា។ សូមឆ្លើយតបអ្នកទិញនៅក្នុង
chat-agent-title = ផ្ទាំងសេវាអតិថិជន
chat-open-page = បើកទំព័រពេញ
chat-close = បិទការជជែក
chat-conversations = ការសន្ទនា
chat-agent-conversations = ការសន្ទនារបស់អ្នកទិញ
chat-loading = កំពុងផ្ទុក…
chat-load-failed = មិនអាចផ្ទុកការសន្ទនាបានទេ។
chat-retry = ព្យាយាមម្តងទៀត
chat-list-empty = មិនទាន់មានការសន្ទនានៅឡើយទេ។ ទាក់ទងហាងពីទំព័ររបស់វា ឬពីផលិតផល។
chat-agent-empty = មិនទាន់មានអ្នកទិញណាសរសេរមកទេ។
chat-buyer = អ្នកទិញ
chat-platform = សេវាអតិថិជនរបស់វេទិកា
chat-contact-platform = ទាក់ទងសេវាអតិថិជនរបស់វេទិកា
chat-no-messages-yet = មិនទាន់មានសារនៅឡើយទេ
chat-unread-count = មិនទាន់អាន { $count }
chat-messages = សារ
chat-select = សូមជ្រើសរើសការសន្ទនានៅខាងឆ្វេង។
chat-agent-select = សូមជ្រើសរើសការសន្ទនារបស់អ្នកទិញដើម្បីឆ្លើយតប។
chat-open-failed = មិនអាចបើកការសន្ទនាបានទេ។
chat-typing = { $name } កំពុងវាយ…
chat-status-connecting = កំពុងភ្ជាប់…
chat-status-offline = គ្មានអ៊ីនធឺណិត កំពុងភ្ជាប់ឡើងវិញ…
chat-messages-with = សារជាមួយ { $name }
chat-load-older = ផ្ទុកសារមុនៗ
chat-start = ការចាប់ផ្តើមនៃការសន្ទនា
chat-history-failed = មិនអាចផ្ទុកសារបានទេ។
chat-empty = មិនទាន់មានសារនៅឡើយទេ។ សូមស្វាគមន៍!
chat-you = អ្នក
chat-read = បានអាន
chat-unread = មិនទាន់អាន
chat-sending = កំពុងផ្ញើ…
chat-failed = មិនបានផ្ញើ
chat-resend = ផ្ញើម្តងទៀត
chat-discard = លុបចេញ
chat-picture = រូបភាព
chat-picture-failed = មិនអាចផ្ញើរូបភាពបានទេ។
chat-product-context = ផលិតផលដែលអ្នកកំពុងមើល
chat-product-failed = មិនអាចផ្ទុកផលិតផលបានទេ។
chat-send-product = ផ្ញើផលិតផល
chat-input-label = សារ
chat-input-placeholder = សរសេរសារ…
chat-input-hint = Enter ដើម្បីផ្ញើ Shift+Enter ដើម្បីចុះបន្ទាត់ថ្មី
chat-send = ផ្ញើ
chat-send-picture = ផ្ញើរូបភាព
chat-uploading = កំពុងផ្ទុកឡើង { $percent }%
chat-too-long = សារមួយមានយ៉ាងច្រើន { $max } តួអក្សរ។
chat-preview-picture = [រូបភាព]
chat-preview-card = [ផលិតផល]
