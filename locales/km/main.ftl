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
toast-server-hiccup = ម៉ាស៊ីន​មេ​កំពុង​មាន​បញ្ហា​បន្តិចបន្តួច
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
detail-pictures = រូបភាព​ផលិតផល
detail-rating = ការ​វាយតម្លៃ { $rating }
detail-visit-shop = ចូល​ហាង
detail-description = ព័ត៌មាន​លម្អិត​ផលិតផល
cart-added = បាន​បញ្ចូល​ទៅ​រទេះ​ដោយ​ជោគជ័យ
cart-add-failed = មិន​អាច​បញ្ចូល​ទៅ​រទេះ​បាន​ទេ។ សូម​ព្យាយាម​ម្ដង​ទៀត។
cart-buy-now-failed = មិន​អាច​ដំណើរការ​ការ​ទិញ​ឥឡូវ​បាន​ទេ។ សូម​ព្យាយាម​ម្ដង​ទៀត។
