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
home-hot-searches = ការ​ស្វែងរក​ពេញនិយម
not-found-title = រក​មិន​ឃើញ​ទំព័រ
not-found-text = សូម​អភ័យទោស ទំព័រ​ដែល​អ្នក​កំពុង​ស្វែងរក​មិន​មាន ឬ​បាន​ផ្លាស់ទី។
not-found-home = ត្រឡប់​ទៅ​ទំព័រ​ដើម
login-title = ចូល​គណនី
login-text = សូម​ចូល​គណនី​ដើម្បី​បន្ត។ អ្នក​ប្រើ​ថ្មី? ចូល​ដោយ​លេខ​កូដ​ម្ដង​ដើម្បី​បង្កើត​គណនី។
