# អត្ថបទ​ហាង (ភាសា​ខ្មែរ)។
site-name = ផ្សារ​មេគង្គ
a11y-skip-to-content = រំលង​ទៅ​ខ្លឹមសារ

## របារ​ខាង​លើ
header-welcome = សូម​ស្វាគមន៍​មក​កាន់ Mekong Mall!
header-notices = សេចក្ដី​ជូន​ដំណឹង​របស់​វេទិកា
header-top-nav = គណនី និង​ការ​កំណត់
header-login = ចូល
header-register = ចុះឈ្មោះ
header-no-nickname = គ្មាន​ឈ្មោះ​ហៅ​ក្រៅ
header-personal-centre = មជ្ឈមណ្ឌល​ផ្ទាល់ខ្លួន
header-my-orders = ការ​បញ្ជាទិញ​របស់​ខ្ញុំ
header-membership-centre = មជ្ឈមណ្ឌល​សមាជិក
header-my-collection = បណ្ដុំ​របស់​ខ្ញុំ
header-coupons = គូប៉ុង
header-logout = ចាកចេញ
header-seller-centre = មជ្ឈមណ្ឌល​អ្នក​លក់
header-mobile-mall = ផ្សារ​តាម​ទូរស័ព្ទ
header-mobile-mall-qr = កូដ QR នៃ​ផ្សារ​តាម​ទូរស័ព្ទ
header-mobile-mall-scan = ស្កេន​ដើម្បី​ទិញ​តាម​ទូរស័ព្ទ
header-cart = រទេះ
header-my-cart = រទេះ​របស់​ខ្ញុំ
header-language = ភាសា
header-currency = រូបិយប័ណ្ណ

## ស្វែងរក
search-type-label = ស្វែងរក
search-type-goods = ផលិតផល
search-type-shop = ហាង
search-button = ស្វែងរក
search-placeholder-goods = ស្វែងរក​ផលិតផល
search-placeholder-shop = ស្វែងរក​ហាង
search-empty-goods = ឈ្មោះ​ផលិតផល​មិន​អាច​ទទេ​បាន​ទេ
search-empty-shop = ឈ្មោះ​ហាង​មិន​អាច​ទទេ​បាន​ទេ
search-hot-words = ការ​ស្វែងរក​ពេញនិយម

## បាត​ទំព័រ
footer-nav = មគ្គុទ្ទេសក៍​ទិញ​ទំនិញ
footer-hot-sale = លក់​ដាច់
footer-new-arrival = ទំនិញ​មក​ដល់​ថ្មី
footer-group-discount = បញ្ចុះតម្លៃ​ជា​ក្រុម
footer-voucher-center = មជ្ឈមណ្ឌល​ប័ណ្ណ​បញ្ចុះតម្លៃ
footer-limited-offer = ការ​ផ្ដល់​ជូន​មាន​កំណត់​ពេល
footer-company-info = ទីផ្សារ​នៃ​ហាង​ដែល​គួរ​ឱ្យ​ទុកចិត្ត ដឹកជញ្ជូន​ទូទាំង​ប្រទេស​កម្ពុជា។
footer-terms = លក្ខខណ្ឌ​សេវាកម្ម
footer-privacy = គោលការណ៍​ឯកជនភាព
footer-copyright = © ២០២៦ Mekong Mall។ រក្សា​សិទ្ធិ​គ្រប់​យ៉ាង។

## ម៉ឺនុយ​រហ័ស
quick-menu = សកម្មភាព​រហ័ស
quick-sign-in = ចូល
quick-account = គណនី​របស់​ខ្ញុំ
quick-cart = រទេះ
quick-shop = ហាង
quick-chat = ជជែក
quick-top = ខាង​លើ

## សារ​ក្នុង​កម្មវិធី​រុករក
toast-error = កំហុស

## ទំព័រ
home-title = ទំព័រ​ដើម
home-description = ទិញ​ផលិតផល​រាប់ពាន់​ពី​ហាង​ដែល​គួរ​ឱ្យ​ទុកចិត្ត ប្រៀបធៀប​តម្លៃ និង​បង់ប្រាក់​តាម​ចិត្ត។
not-found-title = រក​មិន​ឃើញ​ទំព័រ
not-found-text = សូម​អភ័យទោស ទំព័រ​ដែល​អ្នក​កំពុង​ស្វែងរក​មិន​មាន ឬ​បាន​ផ្លាស់ទី។
not-found-home = ត្រឡប់​ទៅ​ទំព័រ​ដើម
login-title = ចូល​គណនី
login-text = សូម​ចូល​គណនី​ដើម្បី​បន្ត។ អ្នក​ប្រើ​ថ្មី? ចូល​ដោយ​លេខ​កូដ​ម្ដង​ដើម្បី​បង្កើត​គណនី។

## កាត និង​ផ្នែក​ទំព័រ​ដើម
card-self-operated = ហាង​ផ្ទាល់
card-off-shelf = ឈប់​លក់
card-sold = លក់​បាន { $count }
shop-followers = អ្នក​តាមដាន { $count }
shop-offline = បិទ
carousel-label = បដា​ផ្សព្វផ្សាយ
carousel-prev = បដា​មុន
carousel-next = បដា​បន្ទាប់
category-menu = ប្រភេទ​ទាំងអស់
home-hot-sales = លក់​ដាច់​បំផុត
home-new-arrivals = ទំនិញ​មក​ដល់​ថ្មី
home-flash-sale = ការ​លក់​ពិសេស​រហ័ស
home-group-buy = ទិញ​ជា​ក្រុម
home-discount = បញ្ចុះតម្លៃ
home-coupons = គូប៉ុង
home-hot-shops = ហាង​ពេញ​និយម
home-see-more = មើល​បន្ថែម
home-nothing-now = មិន​ទាន់​មាន​អ្វី​នៅ​ពេល​នេះ​ទេ។ សូម​ត្រឡប់​មក​វិញ​ឆាប់ៗ។
countdown-ends-in = បញ្ចប់​ក្នុង
countdown-starts-in = ចាប់ផ្ដើម​ក្នុង
coupon-condition = ការ​បញ្ជាទិញ​លើស { $amount }
coupon-no-condition = គ្មាន​ការ​ចំណាយ​អប្បបរមា
discount-zhe = បញ្ចុះ { $value }
discount-percent-off = បញ្ចុះ { $percent }%

## បញ្ជី​ផលិតផល
list-title = ផលិតផល​ទាំងអស់
list-title-search = លទ្ធផល​សម្រាប់ “{ $keyword }”
list-title-recommended = ណែនាំ​សម្រាប់​អ្នក
list-sort = តម្រៀប​តាម
list-sort-default = លំនាំដើម
list-sort-sales = ការ​លក់
list-sort-new = ថ្មី​បំផុត
list-sort-price-up = តម្លៃ៖ ទាប​ទៅ​ខ្ពស់
list-sort-price-down = តម្លៃ៖ ខ្ពស់​ទៅ​ទាប
list-total = ផលិតផល { $count }
list-empty = សូម​អភ័យទោស រក​មិន​ឃើញ​ផលិតផល​ពាក់ព័ន្ធ
list-look-at-others = មើល​ផលិតផល​ផ្សេង
list-pages = ទំព័រ
list-prev = មុន
list-next = បន្ទាប់
list-page-of = ទំព័រ { $current } នៃ { $pages }

## ព័ត៌មាន​លម្អិត​ផលិតផល
detail-default-spec = ស្តង់ដារ
detail-spec = លក្ខណៈ
detail-quantity = បរិមាណ
detail-stock = ស្តុក៖ { $count }
detail-sold-out = អស់​ពី​ស្តុក
detail-off-shelf = ទំនិញ​ត្រូវ​បាន​ដក​ចេញ​ពី​ធ្នើ
detail-add-to-cart = បញ្ចូល​ទៅ​រទេះ
detail-buy-now = ទិញ​ឥឡូវ
detail-decrease = បន្ថយ​បរិមាណ
detail-increase = បង្កើន​បរិមាណ
detail-group-size = { $count } នាក់​ក្នុង​មួយ​ក្រុម
detail-flash-limit = កំណត់ { $count } ក្នុង​មួយ​អ្នក​ទិញ
detail-buy-alone = ទិញ​តែ​ម្នាក់​ឯង
detail-start-group = បង្កើត​ក្រុម
detail-groups-title = ចូល​រួម​ក្រុម
detail-groups-empty = មិន​ទាន់​មាន​ក្រុម​បើក​នៅ​ឡើយ​ទេ។ បង្កើត​មួយ ហើយ​អញ្ជើញ​មិត្តភក្តិ​របស់​អ្នក។
detail-group-row = ក្រុម​របស់ { $name }៖ ត្រូវ​ការ​ { $count } នាក់​ទៀត
detail-join-group = ចូល​រួម
detail-pictures = រូបភាព​ផលិតផល
detail-rating = ការ​វាយតម្លៃ { $rating }
detail-visit-shop = ចូល​ហាង
detail-description = ព័ត៌មាន​លម្អិត​ផលិតផល
cart-added = បាន​បញ្ចូល​ទៅ​រទេះ​ដោយ​ជោគជ័យ
cart-add-failed = មិន​អាច​បញ្ចូល​ទៅ​រទេះ​បាន​ទេ។ សូម​ព្យាយាម​ម្ដង​ទៀត។
cart-buy-now-failed = មិន​អាច​ដំណើរការ​ការ​ទិញ​ឥឡូវ​បាន​ទេ។ សូម​ព្យាយាម​ម្ដង​ទៀត។

## ហាង
shop-type-general = ហាង​ទូទៅ
shop-type-preferred = ហាង​ពេញ​និយម
shop-hot-products = ផលិតផល​ពេញ​និយម
shop-qualifications = លក្ខណៈ​សម្បត្តិ
shop-contact = ទាក់ទង​សេវា​អតិថិជន
shop-collect = រក្សាទុក​ហាង
shop-collected = បាន​រក្សាទុក
shop-collect-success = បាន​រក្សាទុក​ដោយ​ជោគជ័យ
shop-uncollected = បាន​ដក​ចេញ​ពី​បណ្ដុំ
shop-nav = ការ​រុករក​ហាង
shop-home = ទំព័រ​ដើម​ហាង
shop-all-products = ផលិតផល​ទាំងអស់
shop-notices = សេចក្ដី​ជូន​ដំណឹង
shop-announcement = សេចក្ដីប្រកាស
shop-search-placeholder = ស្វែងរក​ក្នុង​ហាង​នេះ
shop-name-label = ឈ្មោះ​ហាង
shop-intro-label = សេចក្ដី​ណែនាំ
shop-contact-label = ទំនាក់ទំនង
shop-list-title = ហាង
shop-list-empty = រក​មិន​ឃើញ​ហាង​ទេ

## សេចក្ដី​ជូន​ដំណឹង និង​លក្ខខណ្ឌ
notice-all = សេចក្ដី​ជូន​ដំណឹង​ទាំងអស់
notice-list-title = សេចក្ដី​ជូន​ដំណឹង​របស់​វេទិកា
notice-list-shop = សេចក្ដី​ជូន​ដំណឹង​របស់ { $shop }
notice-none = មិន​ទាន់​មាន​សេចក្ដី​ជូន​ដំណឹង​ទេ។
terms-service-body =
    សូម​ស្វាគមន៍​មក​កាន់​ផ្សារ​មេគង្គ។ ការ​ប្រើប្រាស់​គេហទំព័រ​នេះ​មាន​ន័យ​ថា​អ្នក​យល់ព្រម​នឹង​លក្ខខណ្ឌ​ទាំងនេះ។
    ផ្សារ​មេគង្គ​គឺ​ជា​ទីផ្សារ៖ ផលិតផល​នីមួយៗ​ត្រូវ​បាន​លក់​ដោយ​ហាង​ដែល​មាន​ឈ្មោះ​នៅ​លើ​ទំព័រ​របស់​វា ដែល​ទទួល​ខុសត្រូវ​លើ​ផលិតផល ការ​ពិពណ៌នា ការ​ដឹកជញ្ជូន និង​សេវា​ក្រោយ​ការ​លក់។ ផលិតផល​របស់​ហាង​ផ្ទាល់​ត្រូវ​បាន​លក់​ដោយ​ផ្សារ​មេគង្គ​ផ្ទាល់។
    តម្លៃ​ត្រូវ​បាន​បង្ហាញ​ជា​ដុល្លារ​អាមេរិក ឬ​ជា​ប្រាក់​រៀល​តាម​អត្រា​ដែល​បាន​បង្ហាញ ហើយ​ចំនួន​ទឹកប្រាក់​ដែល​ត្រូវ​បង់​គឺ​ចំនួន​ដែល​បាន​បញ្ជាក់​នៅ​ពេល​អ្នក​ដាក់​ការ​បញ្ជាទិញ។
    អ្នក​ទទួល​ខុសត្រូវ​ក្នុង​ការ​រក្សា​គណនី និង​ពាក្យ​សម្ងាត់​របស់​អ្នក​ឱ្យ​មាន​សុវត្ថិភាព។ ការ​បញ្ជាទិញ​ពី​គណនី​របស់​អ្នក​ត្រូវ​បាន​ចាត់​ទុក​ថា​ជា​ការ​បញ្ជាទិញ​ដោយ​អ្នក។
    ការ​សងប្រាក់​វិញ និង​ការ​ប្រគល់​ទំនិញ​វិញ​អនុវត្ត​តាម​ដំណើរការ​សងប្រាក់​ក្នុង​គណនី​របស់​អ្នក។ ហាង​ត្រូវ​ឆ្លើយតប​ក្នុង​រយៈពេល ៧ ថ្ងៃ បើ​មិន​ដូច្នោះ​ទេ វេទិកា​នឹង​សងប្រាក់​ជូន​អ្នក​ដោយ​ស្វ័យប្រវត្តិ។
    យើង​អាច​ធ្វើ​បច្ចុប្បន្នភាព​លក្ខខណ្ឌ​ទាំងនេះ ហើយ​កំណែ​ដែល​បាន​ផ្សព្វផ្សាយ​នៅ​ទីនេះ​អនុវត្ត​ចំពោះ​ការ​បញ្ជាទិញ​បន្ទាប់​ពី​ការ​ធ្វើ​បច្ចុប្បន្នភាព។
terms-privacy-body =
    គោលការណ៍​នេះ​ពន្យល់​ពី​ទិន្នន័យ​ផ្ទាល់ខ្លួន​ដែល​ផ្សារ​មេគង្គ​រក្សាទុក និង​មូលហេតុ។
    យើង​រក្សាទុក​ទិន្នន័យ​ដែល​អ្នក​ផ្ដល់​ឱ្យ​ដើម្បី​ដំណើរការ​គណនី និង​ដឹកជញ្ជូន​ការ​បញ្ជាទិញ​របស់​អ្នក៖ អ៊ីមែល ឬ​លេខ​ទូរស័ព្ទ ឈ្មោះ​ហៅ​ក្រៅ អាសយដ្ឋាន​ដឹកជញ្ជូន និង​ការ​បញ្ជាទិញ។
    យើង​កត់ត្រា​ទំព័រ​ដែល​ត្រូវ​បាន​ចូល​មើល ជាមួយ​លេខ​អ្នក​ទស្សនា​ចៃដន្យ ដើម្បី​កែលម្អ​ហាង។ កំណត់ត្រា​នេះ​មិន​មាន​ឈ្មោះ អ៊ីមែល ឬ​លេខ​ទូរស័ព្ទ​របស់​អ្នក​ទេ។
    ហាង​ទទួល​បាន​តែ​ទិន្នន័យ​ដែល​ចាំបាច់​សម្រាប់​ដឹកជញ្ជូន​ការ​បញ្ជាទិញ៖ ឈ្មោះ​អ្នក​ទទួល លេខ​ទូរស័ព្ទ និង​អាសយដ្ឋាន។
    ពាក្យ​សម្ងាត់​ត្រូវ​បាន​រក្សាទុក​តែ​ជា​សញ្ញា​ហាស​មួយ​ផ្លូវ​ដែល​មាន​សុវត្ថិភាព​ប៉ុណ្ណោះ។ វគ្គ​ចូល​គណនី​បញ្ចប់​បន្ទាប់​ពី​គ្មាន​សកម្មភាព ៣០ នាទី។
    អ្នក​អាច​ស្នើ​ឱ្យ​យើង​នាំចេញ ឬ​លុប​ទិន្នន័យ​របស់​អ្នក​បាន​គ្រប់​ពេល​តាម​រយៈ​សេវា​អតិថិជន។
discount-amount-off = បញ្ចុះ { $amount }
coupon-valid-days = មាន​សុពលភាព { $days } ថ្ងៃ​បន្ទាប់​ពី​ទទួល
coupon-valid-until = មាន​សុពលភាព​រហូត​ដល់ { $date }

## ទំព័រ​តុបតែង
renovation-ended = បាន​បញ្ចប់
renovation-hotspot = បើក​ការ​ផ្ដល់​ជូន
page-not-found-warning = រក​មិន​ឃើញ​ទំព័រ​នេះ​ទេ។ វា​ប្រហែល​ជា​ត្រូវ​បាន​លុប។
search-group-products = ផលិតផល
search-group-shops = ហាង
search-searching = កំពុង​ស្វែងរក​ការ​ណែនាំ...
search-no-suggestions = រក​មិន​ឃើញ​ការ​ណែនាំ​ទេ

## ការ​ចុះឈ្មោះ និង​ការ​យក​ពាក្យ​សម្ងាត់​មក​វិញ
register-title = បង្កើត​គណនី​របស់​អ្នក
register-text = បញ្ចូល​អ៊ីមែល ឬ​លេខ​ទូរស័ព្ទ ទទួល​លេខ​កូដ​ម្ដង ហើយ​កំណត់​ពាក្យ​សម្ងាត់។
forgot-link = ភ្លេច​ពាក្យ​សម្ងាត់?
forgot-title = កំណត់​ពាក្យ​សម្ងាត់​ឡើង​វិញ
forgot-text = យើង​នឹង​ផ្ញើ​លេខ​កូដ​ម្ដង​ទៅ​អ៊ីមែល ឬ​លេខ​ទូរស័ព្ទ​នៃ​គណនី​របស់​អ្នក។
forgot-account = អ៊ីមែល ឬ​លេខ​ទូរស័ព្ទ
forgot-account-placeholder = you@example.com ឬ 012345678
forgot-code = លេខ​កូដ​ផ្ទៀងផ្ទាត់
forgot-send-code = ផ្ញើ​លេខ​កូដ
forgot-resend-in = ផ្ញើ​ម្ដង​ទៀត​ក្នុង { $seconds } វិនាទី
forgot-new-password = ពាក្យ​សម្ងាត់​ថ្មី
forgot-confirm-password = បញ្ជាក់​ពាក្យ​សម្ងាត់
forgot-submit = កំណត់​ពាក្យ​សម្ងាត់​ឡើង​វិញ
forgot-invalid-account = សូម​បញ្ចូល​អ៊ីមែល ឬ​លេខ​ទូរស័ព្ទ​ដែល​ត្រឹមត្រូវ
forgot-code-empty = សូម​បញ្ចូល​លេខ​កូដ​ផ្ទៀងផ្ទាត់
forgot-password-rule = ប្រើ ៨-២០ តួអក្សរ ដែល​មាន​អក្សរ លេខ និង​និមិត្តសញ្ញា​ពិសេស
forgot-confirm-empty = សូម​បញ្ជាក់​ពាក្យ​សម្ងាត់​របស់​អ្នក
forgot-mismatch = ពាក្យ​សម្ងាត់​មិន​ដូច​គ្នា​ទេ
forgot-code-sent = ប្រសិនបើ​មាន​គណនី​ប្រើ​អ៊ីមែល ឬ​លេខ​ទូរសព្ទ​នេះ លេខ​កូដ​កំពុង​ផ្ញើ​ទៅ
forgot-done = ពាក្យ​សម្ងាត់​របស់​អ្នក​ត្រូវ​បាន​ផ្លាស់ប្ដូរ។ កំពុង​នាំ​អ្នក​ទៅ​ចូល​គណនី...

## Third-party sign-in return and the bind-email dialog
third-login-title = កំពុងចូល
third-login-text = កំពុងបញ្ចប់ការចូលរបស់អ្នកជាមួយ Google ឬ Facebook។
third-login-working = កំពុងចូលគណនីរបស់អ្នក...
third-login-signed-in = បានចូលហើយ។ កំពុងនាំអ្នកត្រឡប់ទៅវិញ...
third-login-failed = ការចូលជាមួយអ្នកផ្តល់សេវាមិនបានជោគជ័យទេ។ សូមព្យាយាមម្តងទៀត។
third-login-back = ត្រឡប់ទៅការចូលវិញ
third-login-nojs = ការចូលដោយប្រើ Google ឬ Facebook ត្រូវការ JavaScript។ សូមបើកវា ហើយព្យាយាមម្តងទៀត ឬចូលដោយប្រើអ៊ីមែល ឬលេខទូរស័ព្ទរបស់អ្នក។
bind-title = ភ្ជាប់អ៊ីមែលរបស់អ្នក
bind-text = គណនីនេះថ្មីនៅទីនេះ។ សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលរបស់អ្នក និងលេខកូដដែលយើងផ្ញើទៅវា ដើម្បីបញ្ចប់ការចូល។
bind-email = អ៊ីមែល
bind-email-placeholder = you@example.com
bind-code = លេខកូដផ្ទៀងផ្ទាត់
bind-code-placeholder = លេខកូដ 6 ខ្ទង់
bind-get-code = ទទួលលេខកូដ
bind-resend-in = { $seconds } វិនាទី
bind-submit = ភ្ជាប់ និងចូល
bind-code-sent = លេខកូដត្រូវបានផ្ញើហើយ
bind-email-invalid = សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលដែលត្រឹមត្រូវ
bind-code-empty = សូមបញ្ចូលលេខកូដផ្ទៀងផ្ទាត់
bind-success = បានភ្ជាប់ដោយជោគជ័យ

# Discount and coupon pages, share card, empty states
coupon-valid-days-later = មាន​សុពលភាព { $days } ថ្ងៃ ចាប់ពី { $after } ថ្ងៃ​ក្រោយ​ទទួល
coupon-claim = ទទួល
coupon-claimed = បាន​ទទួល
coupon-claimed-toast = បាន​ទទួល​គូប៉ុង។ មើល​វា​នៅ​ក្នុង​គូប៉ុង​របស់​ខ្ញុំ។
coupon-unavailable = មិន​អាច​ទទួល​បាន
coupon-sold-out = ត្រូវ​បាន​ទទួល​អស់
coupon-left = នៅ​សល់ { $count }
coupon-platform = គ្រប់​ហាង
coupon-none = មិន​មាន​គូប៉ុង​សម្រាប់​ទទួល​ទេ​ពេល​នេះ
coupon-products = ផលិតផល​ដែល​អាច​ប្រើ​បាន
discount-products = ផលិតផល​ក្នុង​ការ​បញ្ចុះ​តម្លៃ​នេះ
activity-ended = បាន​បញ្ចប់
share = ចែករំលែក
share-qr = កូដ QR នៃ​ទំព័រ​ផលិតផល​នេះ
share-copy = ចម្លង​តំណ
share-copied = បាន​ចម្លង​តំណ
share-copy-failed = មិន​អាច​ចម្លង​បាន​ទេ។ សូម​ចម្លង​តំណ​ដោយ​ដៃ។
share-default-title = ឈ្មោះ​ផលិតផល
share-default-desc = ការ​ពិពណ៌នា​ផលិតផល
no-data-refresh = ផ្ទុក​ឡើង​វិញ
loading = កំពុង​ផ្ទុក…
breadcrumb = ផ្លូវ​រុករក
list-categories = ប្រភេទ
shop-categories = ប្រភេទ​ផលិតផល
dev-mailbox-title = ប្រអប់​សំបុត្រ​សម្រាប់​ការ​អភិវឌ្ឍ
dev-mailbox-note = អ៊ីមែល និង​សារ​ដែល​ម៉ាស៊ីន​មេ​អភិវឌ្ឍ​នេះ​គួរ​តែ​បាន​ផ្ញើ។ បង្ហាញ​តែ​ក្នុង​របៀប​អភិវឌ្ឍ​ប៉ុណ្ណោះ។
dev-mailbox-to = អាសយដ្ឋាន​អ៊ីមែល ឬ​លេខ​ទូរសព្ទ
dev-mailbox-open = បើក
dev-mailbox-empty = មិន​ទាន់​មាន​សារ​ទៅ​អាសយដ្ឋាន​នេះ​ទេ។

## User centre
uc-nav-home = ទិដ្ឋភាពទូទៅ
uc-nav-coupons = គូប៉ុងរបស់ខ្ញុំ
uc-home-greeting = សួស្តី { $name }
uc-coupons-unused = មិនទាន់ប្រើ
uc-coupons-used = បានប្រើ
uc-coupons-expired = ផុតកំណត់
uc-coupons-empty = មិនទាន់មានគូប៉ុងនៅទីនេះទេ
uc-coupons-get = យកគូប៉ុង

## user centre: overview and orders

## user centre: favourites and footprints
detail-collect = រក្សាទុក
detail-collected = បាន​រក្សាទុក
# prodDetail.collectionSuccess
detail-collection-success = បាន​រក្សាទុក​ដោយ​ជោគជ័យ
# prodDetail.uncollected
detail-uncollected = បាន​ដក​ចេញ​ពី​បណ្ដុំ
uc-nav-collection = បណ្ដុំ​របស់​ខ្ញុំ
uc-nav-footprint = ប្រវត្តិ​មើល​របស់​ខ្ញុំ
uc-collection-products = ផលិតផល​ដែល​ចូលចិត្ត
uc-collection-shops = ហាង​ដែល​ចូលចិត្ត
uc-collection-remove = ដក​ចេញ
uc-collection-remove-item = ដក { $name } ចេញ​ពី​បណ្ដុំ​របស់​ខ្ញុំ
uc-collection-remove-failed = មិន​អាច​ដក​ចេញ​បាន​ទេ។ សូម​ព្យាយាម​ម្ដង​ទៀត។
uc-collection-off-sale = ឈប់​លក់​ហើយ
uc-collection-collected-on = បាន​រក្សាទុក​នៅ { $date }
uc-collection-empty-products = អ្នក​មិន​ទាន់​បាន​រក្សាទុក​ផលិតផល​ណា​មួយ​នៅ​ឡើយ​ទេ
uc-collection-empty-shops = អ្នក​មិន​ទាន់​តាមដាន​ហាង​ណា​មួយ​នៅ​ឡើយ​ទេ
uc-collection-browse-products = មើល​ផលិតផល
uc-collection-browse-shops = ស្វែងរក​ហាង
uc-collection-last-page = ទៅ​ទំព័រ​ចុងក្រោយ
uc-footprint-note = បាន​មើល​ផលិតផល { $count }។ ការ​មើល​ចុងក្រោយ { $max } ត្រូវ​បាន​រក្សាទុក។
uc-footprint-today = ថ្ងៃនេះ
uc-footprint-yesterday = ម្សិលមិញ
uc-footprint-date = ថ្ងៃទី { $day } ខែ{ $month } ឆ្នាំ { $year }
uc-footprint-month-1 = មករា
uc-footprint-month-2 = កុម្ភៈ
uc-footprint-month-3 = មីនា
uc-footprint-month-4 = មេសា
uc-footprint-month-5 = ឧសភា
uc-footprint-month-6 = មិថុនា
uc-footprint-month-7 = កក្កដា
uc-footprint-month-8 = សីហា
uc-footprint-month-9 = កញ្ញា
uc-footprint-month-10 = តុលា
uc-footprint-month-11 = វិច្ឆិកា
uc-footprint-month-12 = ធ្នូ
uc-footprint-viewed-at = បាន​មើល​នៅ { $time }
uc-footprint-delete = លុប
uc-footprint-delete-item = លុប { $name } ចេញ​ពី​ប្រវត្តិ​មើល​របស់​ខ្ញុំ
uc-footprint-delete-day = លុប​ថ្ងៃ​នេះ
uc-footprint-delete-day-of = លុប​ប្រវត្តិ​មើល​នៃ { $day }
uc-footprint-clear = លុប​ទាំងអស់
uc-footprint-confirm-one = លុប​កំណត់ត្រា​នេះ​មែន​ទេ?
uc-footprint-confirm-day = លុប​ប្រវត្តិ​មើល​ទាំងអស់​នៃ { $day } មែន​ទេ?
uc-footprint-confirm-all = លុប​ប្រវត្តិ​មើល​ទាំងមូល​របស់​អ្នក​មែន​ទេ?
uc-footprint-deleted = បាន​លុប
uc-footprint-delete-failed = មិន​អាច​លុប​បាន​ទេ។ សូម​ព្យាយាម​ម្ដង​ទៀត។
uc-footprint-empty = អ្នក​មិន​ទាន់​បាន​មើល​ផលិតផល​ណា​មួយ​នៅ​ឡើយ​ទេ
uc-footprint-browse = ទៅ​ទិញ​ទំនិញ

## user centre: profile, passwords and binding

## user centre: addresses and opening a shop

# Cart
cart-title = រទេះទំនិញ
cart-guest-title = ចូលគណនី ដើម្បីមើលរទេះទំនិញរបស់អ្នក
cart-guest-text = រទេះទំនិញរបស់អ្នកត្រូវបានរក្សាទុកជាមួយគណនី នៅលើគ្រប់ឧបករណ៍។
cart-sign-in = ចូលគណនី
cart-empty = រទេះទំនិញរបស់អ្នកទទេ
cart-go-shopping = ទៅទិញទំនិញ
cart-select-all = ជ្រើសទាំងអស់
cart-select-shop = ជ្រើសទំនិញទាំងអស់របស់ { $shop }
cart-select-item = ជ្រើស { $name }
cart-col-product = ទំនិញ
cart-col-price = តម្លៃឯកតា
cart-col-quantity = ចំនួន
cart-col-subtotal = សរុបរង
cart-col-actions = សកម្មភាព
cart-quantity-of = ចំនួនរបស់ { $name }
cart-decrease = បន្ថយចំនួន
cart-increase = បន្ថែមចំនួន
cart-stock = ស្តុក៖ { $count }
cart-remove = លុប
cart-remove-item = លុប { $name } ចេញពីរទេះ
cart-remove-selected = លុបទំនិញដែលបានជ្រើស
cart-remove-confirm = លុបទំនិញដែលបានជ្រើសចេញពីរទេះទំនិញឬ?
cart-removed = បានលុបចេញពីរទេះ
cart-remove-failed = មិនអាចលុបទំនិញបានទេ។ សូមព្យាយាមម្តងទៀត។
cart-change-failed = មិនអាចប្តូរចំនួនបានទេ។ សូមព្យាយាមម្តងទៀត។
cart-off-shelf = ទំនិញត្រូវបានដកចេញពីធ្នើ
cart-out-of-stock = អស់ស្តុក
cart-shop-offline = ហាងនេះបិទ
cart-selected = បានជ្រើស៖ { $count }
cart-total = សរុប៖
cart-savings = អ្នកសន្សំបាន { $amount }
cart-settle = ទូទាត់
cart-settle-none = សូមជ្រើសទំនិញដែលអ្នកចង់ទូទាត់។
cart-settle-limit = ការទូទាត់រទេះទំនិញអតិបរមា { $max } មុខ
cart-settle-failed = មិនអាចទូទាត់បានទេ។ សូមព្យាយាមម្តងទៀត។
cart-busy = កំពុងធ្វើបច្ចុប្បន្នភាពរទេះ…

# Submit order
order-confirm-title = ដាក់ការបញ្ជាទិញ
order-confirm-loading = កំពុងរៀបចំការបញ្ជាទិញរបស់អ្នក…
order-confirm-missing = គ្មានអ្វីត្រូវបញ្ជាទិញទេ។ សូមជ្រើសទំនិញក្នុងរទេះជាមុនសិន។
order-confirm-back-to-cart = ត្រឡប់ទៅរទេះទំនិញ
order-confirm-failed = មិនអាចរៀបចំការបញ្ជាទិញបានទេ។ សូមព្យាយាមម្តងទៀត។
order-confirm-retry = ព្យាយាមម្តងទៀត
order-address = អាសយដ្ឋានដឹកជញ្ជូន
order-address-default = លំនាំដើម
order-address-add = បន្ថែមអាសយដ្ឋានថ្មី
order-address-none = សូមបន្ថែមអាសយដ្ឋានដឹកជញ្ជូន។
order-address-receiver = អ្នកទទួល
order-address-mobile = លេខទូរស័ព្ទ
order-address-post-code = លេខកូដប្រៃសណីយ៍
order-address-detail = អាសយដ្ឋានលម្អិត
order-address-save = រក្សាទុកអាសយដ្ឋាន
order-address-cancel = បោះបង់
order-address-receiver-missing = សូមបញ្ចូលឈ្មោះអ្នកទទួល
order-address-receiver-too-long = ឈ្មោះអាចមានយ៉ាងច្រើន { $max } តួអក្សរ
order-address-mobile-invalid = សូមបញ្ចូលលេខទូរស័ព្ទត្រឹមត្រូវ
order-address-post-code-invalid = សូមបញ្ចូលលេខកូដប្រៃសណីយ៍ត្រឹមត្រូវ
order-address-detail-length = អាសយដ្ឋានលម្អិតត្រូវមានពី { $min } ដល់ { $max } តួអក្សរ
order-address-saved = បានរក្សាទុកអាសយដ្ឋាន
order-address-failed = មិនអាចរក្សាទុកអាសយដ្ឋានបានទេ។ សូមព្យាយាមម្តងទៀត។
order-item-count = { $count } មុខ
order-remarks = សារទៅកាន់ម្ចាស់ហាង
order-remarks-placeholder = ស្រេចចិត្ត៖ អ្វីដែលម្ចាស់ហាងគួរដឹង
order-delivery = ប៉ាន់ស្មានដឹកជញ្ជូនក្នុងរយៈពេល { $days } ថ្ងៃ
order-freight = ថ្លៃដឹកជញ្ជូន
order-freight-free = ដឹកជញ្ជូនឥតគិតថ្លៃ
order-coupon-shop = គូប៉ុងហាង
order-coupon-platform = គូប៉ុងវេទិកា
order-coupon-none = មិនប្រើគូប៉ុង
order-points = ពិន្ទុ
order-points-have = អ្នកមាន { $points } ពិន្ទុ; អាចប្រើបានរហូតដល់ { $max } សម្រាប់ការបញ្ជាទិញនេះ។
order-points-step = ពិន្ទុត្រូវប្រើជាពហុគុណនៃ { $step }។
order-goods-total = ទំនិញ
order-coupons-total = គូប៉ុង
order-member-discount = ការបញ្ចុះតម្លៃសមាជិក
order-points-reduce = ពិន្ទុ
order-actual-total = សរុបត្រូវបង់
order-group-title = ការ​ទិញ​ជា​ក្រុម
order-group-waiting = បង់​ប្រាក់​សម្រាប់​ការ​បញ្ជា​ទិញ​នេះ ដើម្បី​បើក​ក្រុម​របស់​អ្នក​ដល់​អ្នក​ដទៃ។
order-group-open = កំពុង​ប្រមូល​ក្រុម៖ ត្រូវ​ការ { $count } នាក់​ទៀត​មុន​ពេល​ក្រុម​បិទ។
order-group-filled = ក្រុម​បាន​គ្រប់​ចំនួន​ហើយ។ ការ​បញ្ជា​ទិញ​របស់​អ្នក​កំពុង​រៀបចំ​ដឹក​ជញ្ជូន។
order-group-failed = ក្រុម​មិន​បាន​គ្រប់​ចំនួន​ទាន់​ពេល​ទេ។ ការ​បញ្ជា​ទិញ​ត្រូវ​បាន​លុប​ចោល។
order-group-places = បាន​បង់ { $joined } ក្នុង​ចំណោម { $places } កន្លែង
order-submit = ដាក់ការបញ្ជាទិញ
order-submitting = កំពុងដាក់…
order-updating = កំពុងធ្វើបច្ចុប្បន្នភាពចំនួនទឹកប្រាក់…
order-expired = ការបញ្ជាទិញបានផុតកំណត់ ហើយត្រូវបានធ្វើឱ្យថ្មី។ សូមពិនិត្យ ហើយដាក់ម្តងទៀត។
order-submit-failed = មិនអាចដាក់ការបញ្ជាទិញបានទេ។ សូមព្យាយាមម្តងទៀត។

# Order detail
order-detail-title = ព័ត៌មានលម្អិតការបញ្ជាទិញ
order-number = លេខការបញ្ជាទិញ៖ { $number }
order-status-unpaid = រង់ចាំការទូទាត់
order-status-paid = រង់ចាំការដឹកជញ្ជូន
order-status-shipped = រង់ចាំការទទួល
order-status-received = រង់ចាំការវាយតម្លៃ
order-status-completed = បានបញ្ចប់
order-status-canceled = បានបោះបង់
order-status-grouping = កំពុងរួមក្រុម
order-timeline = វឌ្ឍនភាពការបញ្ជាទិញ
order-time-created = បានបញ្ជាទិញ
order-time-paid = បានបង់ប្រាក់
order-time-shipped = បានដឹកចេញ
order-time-finished = បានទទួល
order-time-canceled = បានបោះបង់
order-pay-within = បង់ប្រាក់ក្នុងរយៈពេល
order-points-used = ពិន្ទុ ({ $points })
order-cancel = បោះបង់ការបញ្ជាទិញ
order-cancel-confirm = បោះបង់ការបញ្ជាទិញនេះឬ? ទំនិញ គូប៉ុង និងពិន្ទុនឹងត្រូវបានប្រគល់វិញ។
order-cancel-done = ការបញ្ជាទិញត្រូវបានបោះបង់
order-receipt = បញ្ជាក់ការទទួល
order-receipt-confirm = តើអ្នកបានទទួលទំនិញនៃការបញ្ជាទិញនេះហើយឬនៅ?
order-receipt-done = បានបញ្ជាក់ការទទួល
order-action-failed = មិនអាចផ្លាស់ប្តូរការបញ្ជាទិញបានទេ។ សូមព្យាយាមម្តងទៀត។

# Payment checkout counter
payment-title = បញ្ជរ​ទូទាត់​ប្រាក់
payment-loading = កំពុង​ផ្ទុក​ការ​បញ្ជា​ទិញ​ដែល​ត្រូវ​បង់…
payment-load-failed = មិន​អាច​ផ្ទុក​ការ​បញ្ជា​ទិញ​ដែល​ត្រូវ​បង់​បាន​ទេ។ សូម​ព្យាយាម​ម្តង​ទៀត។
payment-retry = ព្យាយាម​ម្តង​ទៀត
payment-missing = គ្មាន​ការ​បញ្ជា​ទិញ​ដែល​ត្រូវ​បង់​នៅ​ទីនេះ​ទេ។
payment-continue-shopping = បន្ត​ទិញ​ទំនិញ
payment-orders = ការ​បញ្ជា​ទិញ​ដែល​ត្រូវ​បង់
payment-order-link = ការ​បញ្ជា​ទិញ { $number }
payment-order-quantity = ចំនួន { $count }
payment-amount-due = ទឹកប្រាក់​ត្រូវ​បង់
payment-points-due = { $points } ពិន្ទុ
payment-pay-within = បង់​ប្រាក់​ក្នុង​រយៈពេល
payment-methods = វិធី​ទូទាត់
payment-methods-loading = កំពុង​ផ្ទុក​វិធី​ទូទាត់…
payment-methods-failed = មិន​អាច​ផ្ទុក​វិធី​ទូទាត់​បាន​ទេ។
payment-method-points = ពិន្ទុ
payment-method-balance = សមតុល្យ
payment-method-paypal = PayPal
payment-method-paypal-card = កាត​ឥណពន្ធ ឬ​ឥណទាន (PayPal)
payment-method-stripe = កាត (Stripe)
payment-method-upay = UPAY
payment-method-upay-app = កម្មវិធី UPAY
payment-method-aba = ABA PayWay
payment-method-aba-app = កម្មវិធី ABA Mobile
payment-balance-have = សមតុល្យ​ដែល​អាច​ប្រើ​បាន៖ { $amount }
payment-balance-short = សមតុល្យ​មិន​គ្រប់​គ្រាន់៖ សមតុល្យ​របស់​អ្នក​គឺ { $amount }។
payment-points-have = អ្នក​មាន { $points } ពិន្ទុ
payment-points-short = ពិន្ទុ​មិន​គ្រប់​គ្រាន់៖ អ្នក​មាន { $points } ពិន្ទុ។
payment-pay-now = បង់​ប្រាក់​ឥឡូវ​នេះ
payment-paying = កំពុង​បង់​ប្រាក់…
payment-no-way-title = មិន​អាច​ទូទាត់​បាន​ទេ
payment-no-way = បច្ចុប្បន្ន​នេះ​មិន​មាន​វិធី​ទូទាត់​ណា​មួយ​អាច​ប្រើ​បាន​ទេ។ សូម​ព្យាយាម​ម្តង​ទៀត​នៅ​ពេល​ក្រោយ ឬ​ទាក់ទង​ផ្នែក​បម្រើ​អតិថិជន។
payment-ok = យល់​ព្រម
payment-password-title = បញ្ចូល​ពាក្យ​សម្ងាត់​ទូទាត់​របស់​អ្នក
payment-password-label = ពាក្យ​សម្ងាត់​ទូទាត់ (លេខ ៦ ខ្ទង់)
payment-password-amount = បង់ { $amount } ពី​សមតុល្យ​របស់​អ្នក។
payment-password-invalid = សូម​បញ្ចូល​ពាក្យ​សម្ងាត់​ទូទាត់​ជា​លេខ ៦ ខ្ទង់​របស់​អ្នក។
payment-confirm-pay = បញ្ជាក់​ការ​ទូទាត់
payment-cancel = បោះបង់
payment-set-password-title = កំណត់​ពាក្យ​សម្ងាត់​ទូទាត់
payment-set-password-text = ការ​បង់​ប្រាក់​ពី​សមតុល្យ​ត្រូវ​ការ​ពាក្យ​សម្ងាត់​ទូទាត់​ជា​លេខ ៦ ខ្ទង់។ សូម​កំណត់​វា​ឥឡូវ​នេះ អ្នក​នឹង​ប្រើ​វា​រាល់​ពេល​បង់​ប្រាក់​ពី​សមតុល្យ។
payment-new-password = ពាក្យ​សម្ងាត់​ទូទាត់​ថ្មី (លេខ ៦ ខ្ទង់)
payment-confirm-password = បញ្ចូល​ម្តង​ទៀត
payment-sign-in-password = ពាក្យ​សម្ងាត់​ចូល​គណនី
payment-sign-in-password-hint = ពាក្យ​សម្ងាត់​ដែល​អ្នក​ប្រើ​ដើម្បី​ចូល​គណនី​របស់​អ្នក។
payment-set-password-save = កំណត់​ពាក្យ​សម្ងាត់​ទូទាត់
payment-saving = កំពុង​រក្សាទុក…
payment-password-mismatch = ពាក្យ​សម្ងាត់​ទូទាត់​ទាំង​ពីរ​មិន​ដូច​គ្នា​ទេ។
payment-password-set = បាន​កំណត់​ពាក្យ​សម្ងាត់​ទូទាត់
payment-call-failed = មិន​អាច​ចាប់ផ្តើម​ការ​ទូទាត់​បាន​ទេ។ សូម​ព្យាយាម​ម្តង​ទៀត។
payment-redirecting = កំពុង​នាំ​អ្នក​ទៅ { $method }…
payment-qr-title = ស្កេន​ដើម្បី​បង់​ប្រាក់​តាម { $method }
payment-qr-alt = កូដ QR សម្រាប់​បង់​ប្រាក់​តាម { $method }
payment-open-app = បើក { $method }
payment-app-opened = { $method } នឹង​បើក​ឥឡូវ​នេះ។ បង់​ប្រាក់​នៅ​លើ​ឧបករណ៍​ផ្សេង? សូម​ស្កេន​កូដ​នេះ​ជំនួស​វិញ។
payment-qr-expires = កូដ QR ផុត​កំណត់​ក្នុង​រយៈពេល
payment-qr-waiting = កំពុង​រង់ចាំ​ការ​ទូទាត់​របស់​អ្នក…
payment-charge = ទឹកប្រាក់​ដែល​ត្រូវ​កាត់៖ { $amount }
payment-charged-in-usd = កាត់​ប្រាក់​ជា​ដុល្លារ​អាមេរិក៖ { $amount }
payment-qr-expired = កូដ QR បាន​ផុត​កំណត់
payment-qr-expired-text = កូដ QR នេះ​មិន​អាច​ប្រើ​បង់​ប្រាក់​បាន​ទៀត​ទេ។ សូម​ចុច​ផ្ទុក​ឡើង​វិញ ដើម្បី​ទទួល​បាន​កូដ​ថ្មី។
payment-refresh = ផ្ទុក​ឡើង​វិញ
payment-other-method = ជ្រើស​វិធី​ទូទាត់​ផ្សេង
payment-checking = កំពុង​ពិនិត្យ​ការ​ទូទាត់​របស់​អ្នក…
payment-check-slow = យើង​មិន​ទាន់​ទទួល​បាន​ដំណឹង​ពី​អ្នក​ផ្តល់​សេវា​ទូទាត់​នៅ​ឡើយ​ទេ។ ប្រសិន​បើ​អ្នក​បាន​បង់​ហើយ វា​នឹង​បង្ហាញ​នៅ​ទីនេះ​ក្នុង​ពេល​ឆាប់ៗ។
payment-check-again = ពិនិត្យ​ម្តង​ទៀត
payment-paid = ការ​ទូទាត់​បាន​ជោគជ័យ
payment-paid-text = សូម​អរគុណ! យើង​បាន​ទទួល​ការ​ទូទាត់​របស់​អ្នក​ហើយ។
payment-going-to-order = កំពុង​នាំ​អ្នក​ទៅ​កាន់​ការ​បញ្ជា​ទិញ​របស់​អ្នក…
payment-topped-up = សមតុល្យ​របស់​អ្នក​ត្រូវ​បាន​បញ្ចូល​ទឹកប្រាក់​ហើយ។
payment-top-up-again = មិន​មាន​ប្រាក់​ត្រូវ​បាន​កាត់​ទេ។ អ្នក​អាច​បញ្ចូល​ទឹកប្រាក់​ម្តង​ទៀត​ពី​គណនី​របស់​អ្នក។
payment-failed = ការ​ទូទាត់​បាន​បរាជ័យ
payment-failed-text = មិន​មាន​ប្រាក់​ត្រូវ​បាន​កាត់​ទេ។ សូម​ជ្រើស​វិធី​ទូទាត់ ដើម្បី​ព្យាយាម​ម្តង​ទៀត។
payment-cancelled = ការ​ទូទាត់​មិន​ទាន់​បាន​បញ្ចប់
payment-cancelled-text = អ្នក​បាន​ចាកចេញ​ពី​ទំព័រ​ទូទាត់​មុន​ពេល​បង់​ប្រាក់។ ការ​បញ្ជា​ទិញ​របស់​អ្នក​នៅ​តែ​រង់ចាំ៖ សូម​ជ្រើស​វិធី​ទូទាត់។
payment-refunded = កំពុង​សង​ប្រាក់​វិញ
payment-refunded-text = ការ​ទូទាត់​របស់​អ្នក​បាន​មក​ដល់​បន្ទាប់​ពី​ការ​បញ្ជា​ទិញ​បាន​ផុត​កំណត់ ឬ​ត្រូវ​បាន​បោះបង់ ដូច្នេះ​ប្រាក់​កំពុង​ត្រូវ​បាន​សង​ជូន​អ្នក​វិញ។
payment-order-expired = ការ​បញ្ជា​ទិញ​បាន​ផុត​កំណត់
payment-order-expired-text = ពេល​វេលា​សម្រាប់​បង់​ប្រាក់​បាន​ហួស​ហើយ ហើយ​ការ​បញ្ជា​ទិញ​ត្រូវ​បាន​បោះបង់។
payment-closed = គ្មាន​អ្វី​ត្រូវ​បង់
payment-closed-text = ការ​បញ្ជា​ទិញ​ទាំង​នេះ​បាន​ផុត​កំណត់ ឬ​ត្រូវ​បាន​បោះបង់ ហើយ​មិន​អាច​បង់​ប្រាក់​បាន​ទៀត​ទេ។
