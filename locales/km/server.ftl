# សារ​កំហុស​របស់ API (`msg` នៃ​ចម្លើយ​កំហុស)។
error-unauthorized = សូម​ចូល​គណនី​ជាមុន​សិន
error-not-found = រក​មិន​ឃើញ
error-missing-field = ខ្វះ​វាល​ដែល​ត្រូវការ៖ { $field }
error-invalid-field = តម្លៃ​មិន​ត្រឹមត្រូវ​សម្រាប់៖ { $field }
error-invalid-params = ប៉ារ៉ាម៉ែត្រ​សំណើ​មិន​ត្រឹមត្រូវ
error-malformed-json = ខ្លឹមសារ​សំណើ​មិន​មែន​ជា JSON ត្រឹមត្រូវ​ទេ
error-content-type = ខ្លឹមសារ​សំណើ​ត្រូវ​តែ​ជា JSON (Content-Type: application/json)
error-body-too-large = ខ្លឹមសារ​សំណើ​ធំ​ពេក
error-value-too-long = { $field } វែង​ពេក (យ៉ាង​ច្រើន { $max } តួអក្សរ)
error-value-out-of-range = { $field } ត្រូវ​តែ​នៅ​ចន្លោះ { $min } និង { $max }
error-value-empty = { $field } មិន​អាច​ទទេ​បាន​ទេ
error-notice-not-found = សេចក្ដី​ជូន​ដំណឹង​នេះ​មិន​មាន ឬ​ត្រូវ​បាន​ដក​ចេញ​ហើយ
error-too-many-values = { $field } អាច​មាន​យ៉ាង​ច្រើន { $max } តម្លៃ
error-product-not-found = ផលិតផល​នេះ​មិន​មាន​ទេ
error-shop-not-found = ហាង​នេះ​មិន​មាន​ទេ
error-shop-offline = ហាង​នេះ​បិទ​ដំណើរការ ហើយ​មិន​អាច​តាមដាន​បាន​ទេ
error-page-not-found = រក​មិន​ឃើញ​ទំព័រ​នេះ​ទេ។ វា​ប្រហែល​ជា​ត្រូវ​បាន​លុប។
error-discount-not-found = ការបញ្ចុះតម្លៃ​នេះ​មិន​មាន​ទេ
error-coupon-not-found = គូប៉ុង​នេះ​មិន​មាន​ទេ
error-coupon-ended = គូប៉ុង​នេះ​បាន​បញ្ចប់​ហើយ
error-coupon-sold-out = គូប៉ុង​នេះ​ត្រូវ​បាន​ទទួល​អស់​ហើយ
error-coupon-shop-offline = ហាង​នេះ​បិទ​ដំណើរការ មិន​អាច​ទទួល​គូប៉ុង​របស់​វា​បាន​ទេ
error-coupon-already-received = អ្នក​បាន​ទទួល​គូប៉ុង​នេះ​រួច​ហើយ

## គណនី
error-mail-or-mobile = សូម​ផ្ដល់​អ៊ីមែល ឬ​លេខ​ទូរសព្ទ​តែ​មួយ មិន​មែន​ទាំង​ពីរ​ទេ
error-password-rule = ពាក្យ​សម្ងាត់​ត្រូវ​មាន​ពី 8 ដល់ 20 តួអក្សរ ហើយ​ផ្សំ​ដោយ​អក្សរ លេខ និង​និមិត្តសញ្ញា​ពិសេស
error-code-wrong = លេខ​កូដ​ផ្ទៀងផ្ទាត់​មិន​ត្រឹមត្រូវ
error-code-invalid = លេខ​កូដ​ផ្ទៀងផ្ទាត់​មិន​ត្រឹមត្រូវ ឬ​ផុត​កំណត់​ហើយ។ សូម​ស្នើ​លេខ​កូដ​ថ្មី
error-code-too-many-tries = លេខ​កូដ​ខុស​ច្រើន​ដង​ពេក។ សូម​ស្នើ​លេខ​កូដ​ថ្មី
error-code-resend-wait = សូម​រង់ចាំ { $seconds } វិនាទី មុន​នឹង​ស្នើ​លេខ​កូដ​ម្ដង​ទៀត
error-code-too-many-sends = បាន​ស្នើ​លេខ​កូដ​ច្រើន​ពេក។ សូម​ព្យាយាម​ម្ដង​ទៀត​នៅ​ពេល​ក្រោយ
error-too-many-failures = បរាជ័យ​ច្រើន​ដង​ពេក។ សូម​ព្យាយាម​ម្ដង​ទៀត​ក្នុង​រយៈពេល { $minutes } នាទី
error-too-many-requests = សំណើ​ច្រើន​ពេក។ សូម​ព្យាយាម​ម្ដង​ទៀត​នៅ​ពេល​ក្រោយ
error-too-busy = ពេលនេះ​ប្រព័ន្ធ​រវល់​ខ្លាំង។ សូម​ព្យាយាម​ម្ដង​ទៀត​បន្តិច​ទៀត
error-login-failed = គណនី ឬ​ពាក្យ​សម្ងាត់​មិន​ត្រឹមត្រូវ
error-account-not-found = គណនី​នេះ​មិន​មាន​ទេ។ សូម​ចុះឈ្មោះ​ជាមុន​សិន
error-already-registered = លេខ​ទូរសព្ទ ឬ​អ៊ីមែល​នេះ​បាន​ចុះឈ្មោះ​រួច​ហើយ
error-social-type = មិន​ស្គាល់​វិធី​ចូល​គណនី​នេះ​ទេ
error-social-not-configured = មិន​អាច​ចូល​គណនី​តាម​វិធី​នេះ​បាន​ទេ
error-third-login-denied = ការ​ចូល​គណនី​ត្រូវ​បាន​បោះបង់ ឬ​បដិសេធ
error-third-login-failed = ការ​ចូល​តាម​គណនី​ភាគី​ទីបី​បាន​បរាជ័យ។ សូម​ព្យាយាម​ម្ដង​ទៀត
error-third-login-expired = សំណើ​ចូល​គណនី​បាន​ផុត​កំណត់។ សូម​ព្យាយាម​ម្ដង​ទៀត
error-login-key-invalid = ការ​ចូល​គណនី​បាន​ផុត​កំណត់។ សូម​ចូល​តាម​គណនី​ភាគី​ទីបី​ម្ដង​ទៀត
error-identity-bound = គណនី​នេះ​ត្រូវ​បាន​ភ្ជាប់​ជាមួយ​អ្នក​ប្រើ​ម្នាក់​ទៀត​រួច​ហើយ
error-cross-origin = សំណើ​ពី​ប្រភព​ផ្សេង​ត្រូវ​បាន​បដិសេធ
mail-code-subject = លេខ​កូដ​ផ្ទៀងផ្ទាត់ Mekong Mall របស់​អ្នក
mail-code-body = លេខ​កូដ​ផ្ទៀងផ្ទាត់​របស់​អ្នក​គឺ { $code }។ វា​មាន​សុពលភាព { $minutes } នាទី។ ប្រសិន​បើ​អ្នក​មិន​បាន​ស្នើ​ទេ សូម​មិន​អើពើ​សារ​នេះ។
mail-code-reset-body = លេខ​កូដ​សម្រាប់​កំណត់​ពាក្យ​សម្ងាត់​ឡើង​វិញ​របស់​អ្នក​គឺ { $code }។ វា​មាន​សុពលភាព { $minutes } នាទី។ ប្រសិន​បើ​អ្នក​មិន​បាន​ស្នើ​ទេ សូម​មិន​អើពើ​សារ​នេះ។
sms-code-body = Mekong Mall៖ លេខ​កូដ​ផ្ទៀងផ្ទាត់​របស់​អ្នក​គឺ { $code } (មាន​សុពលភាព { $minutes } នាទី)។
sms-code-reset-body = Mekong Mall៖ លេខ​កូដ​កំណត់​ពាក្យ​សម្ងាត់​ឡើង​វិញ​គឺ { $code } (មាន​សុពលភាព { $minutes } នាទី)។

# Cart and addresses
error-cart-count = ចំនួន​ដែល​ត្រូវ​ផ្លាស់ប្ដូរ​ត្រូវ​នៅ​ចន្លោះ -{ $max } និង { $max } ហើយ​មិន​អាច​ជា 0 ទេ
error-cart-sku-not-found = ជម្រើស​ផលិតផល​នេះ​មិន​មាន​ទេ
error-cart-line-not-found = ទំនិញ​នេះ​មិន​មាន​ក្នុង​កន្ត្រក​របស់​អ្នក​ទេ
error-cart-count-invalid = សូម​បញ្ចូល​ចំនួន​យ៉ាង​ហោច​ណាស់ 1
error-cart-off-shelf = ផលិតផល​នេះ​ត្រូវ​បាន​ដក​ចេញ​ពី​ធ្នើ ហើយ​មិន​អាច​ដាក់​ក្នុង​កន្ត្រក​បាន​ទេ
error-cart-shop-offline = ហាង​នេះ​បិទ​ដំណើរការ ផលិតផល​របស់​វា​មិន​អាច​ដាក់​ក្នុង​កន្ត្រក​បាន​ទេ
error-cart-insufficient-inventory = ស្តុក​មិន​គ្រប់​គ្រាន់៖ នៅ​សល់​តែ { $stocks } ប៉ុណ្ណោះ
error-cart-line-limit = ទំនិញ​មួយ​អាច​មាន​យ៉ាង​ច្រើន { $max } ក្នុង​កន្ត្រក
error-cart-too-many-lines = កន្ត្រក​របស់​អ្នក​ពេញ​ហើយ៖ អាច​មាន​ទំនិញ​ខុសៗ​គ្នា​យ៉ាង​ច្រើន { $max }
error-cart-basket-ids = សូម​បញ្ជាក់​ទំនិញ​ដែល​ត្រូវ​លុប​ចេញ​ពី​កន្ត្រក ជា​បញ្ជី​លេខ basketId
error-address-not-found = អាសយដ្ឋាន​នេះ​មិន​មាន​ទេ
error-address-receiver = សូម​បញ្ចូល​ឈ្មោះ​អ្នក​ទទួល (យ៉ាង​ច្រើន { $max } តួអក្សរ)
error-address-mobile = សូម​បញ្ចូល​លេខ​ទូរសព្ទ​ត្រឹមត្រូវ (ពី { $min } ដល់ { $max } ខ្ទង់)
error-address-post-code = លេខ​កូដ​ប្រៃសណីយ៍​អាច​មាន​យ៉ាង​ច្រើន { $max } អក្សរ លេខ ដកឃ្លា ឬ​សញ្ញា​ដាច់
error-address-detail = អាសយដ្ឋាន​លម្អិត​ត្រូវ​មាន​ពី { $min } ដល់ { $max } តួអក្សរ
error-address-limit = អ្នក​អាច​រក្សា​ទុក​អាសយដ្ឋាន​បាន​យ៉ាង​ច្រើន { $max }។ សូម​លុប​មួយ​ជាមុន​សិន

# Orders
error-order-insufficient-inventory = ស្តុក​មិន​គ្រប់​គ្រាន់
error-order-status-changed = ស្ថានភាព​ការ​បញ្ជា​ទិញ​បាន​ផ្លាស់​ប្តូរ
error-order-expired = ការ​បញ្ជា​ទិញ​បាន​ផុត​កំណត់
error-order-duplicate = ការ​ដាក់​ស្នើ​ការ​បញ្ជា​ទិញ​ស្ទួន
error-order-flash-sale-busy = ការ​លក់​បញ្ចុះ​តម្លៃ​រហ័ស​មមាញឹក​ពេក សូម​ព្យាយាម​ម្តង​ទៀត​នៅ​ពេល​ក្រោយ
error-order-off-shelf = ទំនិញ​ត្រូវ​បាន​ដក​ចេញ​ពី​ធ្នើ
error-order-shop-offline = ហាង​នេះ​នៅ​ក្រៅ​បណ្តាញ ទំនិញ​របស់​វា​មិន​អាច​បញ្ជា​ទិញ​បាន​ទេ
error-order-not-found = រក​មិន​ឃើញ​ការ​បញ្ជា​ទិញ
error-order-confirmation-not-found = ការ​បញ្ជាក់​ការ​បញ្ជា​ទិញ​នេះ​មិន​មាន​ទេ។ សូម​គិត​លុយ​ម្តង​ទៀត
error-order-settlement-limit = អាច​គិត​លុយ​បាន​យ៉ាង​ច្រើន { $max } មុខ​ក្នុង​ម្តង
error-order-cart-line-unknown = ទំនិញ​នេះ​មិន​នៅ​ក្នុង​រទេះ​របស់​អ្នក​ទេ
error-order-nothing-to-buy = សូម​ជ្រើស​រើស​ទំនិញ​ដែល​ត្រូវ​ទិញ
error-order-coupon-unusable = គូប៉ុង​នេះ​មិន​អាច​ប្រើ​លើ​ការ​បញ្ជា​ទិញ​នេះ​បាន​ទេ
error-order-points-step = ពិន្ទុ​ត្រូវ​ប្រើ​ជា​ពហុគុណ​នៃ { $step }
error-order-points-too-many = អាច​ប្រើ​ពិន្ទុ​បាន​យ៉ាង​ច្រើន { $max } លើ​ការ​បញ្ជា​ទិញ​នេះ
error-order-no-address = សូម​បន្ថែម​អាសយដ្ឋាន​ដឹក​ជញ្ជូន
error-order-address-not-found = អាសយដ្ឋាន​ដឹក​ជញ្ជូន​នេះ​មិន​មាន​ទេ
error-order-flash-sale-ended = ការ​លក់​បញ្ចុះ​តម្លៃ​រហ័ស​នេះ​មិន​កំពុង​ដំណើរការ​ទេ
error-order-flash-sale-limit = អ្នក​អាច​ទិញ​ទំនិញ​លក់​បញ្ចុះ​តម្លៃ​រហ័ស​នេះ​បាន​យ៉ាង​ច្រើន { $max }
error-order-group-buy-ended = ការ​ទិញ​ជា​ក្រុម​នេះ​មិន​កំពុង​ដំណើរការ​ទេ
error-group-team-closed = ក្រុម​នេះ​លែង​បើក​ហើយ។ សូម​បង្កើត​ក្រុម​ថ្មី ឬ​ចូល​ក្រុម​ផ្សេង។
error-group-team-full = ក្រុម​នេះ​ពេញ​ហើយ។ សូម​បង្កើត​ក្រុម​ថ្មី ឬ​ចូល​ក្រុម​ផ្សេង។
error-group-team-joined = អ្នក​ស្ថិត​ក្នុង​ក្រុម​នេះ​រួច​ហើយ។

# Payments
error-pay-method-unavailable = វិធី​បង់​ប្រាក់​នេះ​មិន​អាច​ប្រើ​បាន​ទេ។ សូម​ជ្រើស​វិធី​ផ្សេង
error-pay-amount-unsupported = វិធី​បង់​ប្រាក់​នេះ​មិន​ទទួល​ចំនួន​ទឹក​ប្រាក់​នេះ​ទេ។ សូម​ជ្រើស​វិធី​ផ្សេង
error-pay-currency-unsupported = វិធី​បង់​ប្រាក់​នេះ​មិន​ទទួល​រូបិយប័ណ្ណ​នេះ​ទេ។ សូម​ជ្រើស​វិធី​ផ្សេង
error-pay-gateway-unavailable = សេវា​បង់​ប្រាក់​មិន​បាន​ឆ្លើយតប។ សូម​ព្យាយាម​ម្តង​ទៀត ឬ​ជ្រើស​វិធី​ផ្សេង
error-pay-notice-refused = ការ​ជូន​ដំណឹង​អំពី​ការ​បង់​ប្រាក់​ត្រូវ​បាន​បដិសេធ
error-pay-notice-unknown = ការ​ជូន​ដំណឹង​នេះ​មិន​ត្រូវ​នឹង​ការ​បង់​ប្រាក់​ណា​មួយ​របស់​ផ្សារ​នេះ​ទេ
error-pay-points-order = ការ​បញ្ជា​ទិញ​ពី​ផ្សារ​ពិន្ទុ​ត្រូវ​បង់​ដោយ​ពិន្ទុ
error-pay-points-only = ការ​បង់​ដោយ​ពិន្ទុ​សម្រាប់​តែ​ការ​បញ្ជា​ទិញ​ពី​ផ្សារ​ពិន្ទុ​ប៉ុណ្ណោះ
error-points-insufficient = ពិន្ទុ​មិន​គ្រប់​គ្រាន់
error-pay-password-format = ពាក្យ​សម្ងាត់​បង់​ប្រាក់​មាន { $digits } ខ្ទង់​គត់
error-pay-password-locked = ពាក្យ​សម្ងាត់​ខុស​ច្រើន​ដង​ពេក។ សូម​ព្យាយាម​ម្តង​ទៀត​ក្នុង​រយៈពេល { $minutes } នាទី
error-pay-password-unset = សូម​កំណត់​ពាក្យ​សម្ងាត់​បង់​ប្រាក់​ជា​មុន​សិន
error-pay-password-wrong = ពាក្យ​សម្ងាត់​បង់​ប្រាក់​មិន​ត្រឹមត្រូវ
error-password-wrong = ពាក្យ​សម្ងាត់​ចូល​គណនី​មិន​ត្រឹមត្រូវ
error-balance-insufficient = សមតុល្យ​មិន​គ្រប់​គ្រាន់។ សមតុល្យ​បច្ចុប្បន្ន​របស់​អ្នក​គឺ { $balance }
error-recharge-range = ការ​បញ្ចូល​ទឹកប្រាក់​ម្តង​គឺ​ពី { $min } ដល់ { $max }
error-pay-not-found = រក​មិន​ឃើញ​ការ​បង់​ប្រាក់

## Errors: user centre: overview and orders

## Errors: user centre: favourites and footprints
error-collection-off-shelf = ផលិតផល​នេះ​ត្រូវ​បាន​ដក​ចេញ​ពី​ធ្នើ ហើយ​មិន​អាច​បញ្ចូល​ក្នុង​ចំណូលចិត្ត​បាន​ទេ
error-footprint-not-found = កំណត់ត្រា​ការ​មើល​នេះ​មិន​មាន​ទេ

## Errors: user centre: profile, passwords and binding
error-upload-not-image = អាចផ្ទុកឡើងបានតែរូបភាព PNG, JPEG, GIF ឬ WebP ប៉ុណ្ណោះ
error-upload-damaged = រូបភាពនេះខូច ឬមិនពេញលេញ។ សូមជ្រើសរើសរូបភាពផ្សេង
error-upload-dimensions = រូបភាពអាចមានទំហំយ៉ាងច្រើន { $max } × { $max } ភីកសែល
error-upload-too-large = រូបភាពអាចមានទំហំយ៉ាងច្រើន { $mb } MB
error-upload-too-many = ផ្ទុកឡើងច្រើនដងពេក។ សូមព្យាយាមម្ដងទៀតនៅពេលក្រោយ
error-upload-malformed = មិនអាចអានឯកសារដែលបានផ្ទុកឡើងបានទេ។ សូមព្យាយាមម្ដងទៀត
error-upload-one-file = សូមផ្ទុករូបភាពឡើងម្ដងមួយ
error-upload-empty = ឯកសារទទេ
error-nickname-empty = សូមបញ្ចូលឈ្មោះហៅក្រៅ
error-nickname-too-long = ឈ្មោះហៅក្រៅអាចមានយ៉ាងច្រើន { $max } តួអក្សរ
error-nickname-invalid = ឈ្មោះហៅក្រៅមានតួអក្សរដែលមិនអាចប្រើបាន
error-avatar-not-uploaded = សូមផ្ទុករូបតំណាងឡើងជាមុនសិន
error-account-password-rule = ពាក្យសម្ងាត់ត្រូវមាន { $min } ដល់ { $max } តួអក្សរ ហើយផ្សំយ៉ាងហោចណាស់ពីរប្រភេទក្នុងចំណោមអក្សរ លេខ និងនិមិត្តសញ្ញា
error-old-password-empty = សូមបញ្ចូលពាក្យសម្ងាត់បច្ចុប្បន្ន
error-old-password-wrong = ពាក្យសម្ងាត់បច្ចុប្បន្នមិនត្រឹមត្រូវ
error-password-not-set = គណនីរបស់អ្នកមិនទាន់មានពាក្យសម្ងាត់ទេ។ សូមកំណត់វាដោយប្រើលេខកូដផ្ទៀងផ្ទាត់
error-password-same = ពាក្យសម្ងាត់ថ្មីត្រូវតែខុសពីពាក្យសម្ងាត់បច្ចុប្បន្ន
error-password-changed-meanwhile = ពាក្យសម្ងាត់របស់អ្នកត្រូវបានប្ដូរនៅកន្លែងផ្សេង។ សូមព្យាយាមម្ដងទៀត
error-password-already-set = គណនីរបស់អ្នកមានពាក្យសម្ងាត់រួចហើយ។ សូមប្ដូរវាដោយប្រើពាក្យសម្ងាត់បច្ចុប្បន្ន
error-mail-not-bound = គ្មានអ៊ីមែលភ្ជាប់ជាមួយគណនីរបស់អ្នកទេ
error-mobile-not-bound = គ្មានលេខទូរសព្ទភ្ជាប់ជាមួយគណនីរបស់អ្នកទេ
error-contact-unchanged = នេះជាអ៊ីមែល ឬលេខទូរសព្ទរបស់អ្នករួចហើយ
error-social-not-bound = មិនមានគណនីនេះភ្ជាប់ទេ
error-unbind-last = នេះជាមធ្យោបាយតែមួយគត់ដើម្បីចូលគណនីរបស់អ្នក។ សូមភ្ជាប់អ៊ីមែល ឬលេខទូរសព្ទជាមុនសិន
error-social-type-bound = គណនីប្រភេទនេះត្រូវបានភ្ជាប់រួចហើយ។ សូមផ្ដាច់វាជាមុនសិន
error-third-login-bind-session = សូមចូលម្ដងទៀត រួចភ្ជាប់គណនីពីការកំណត់គណនីរបស់អ្នក
mail-contact-changed-subject = ព័ត៌មានចូលគណនី Mekong Mall របស់អ្នកត្រូវបានប្ដូរ
mail-contact-changed-body = គណនី Mekong Mall របស់អ្នកត្រូវបានប្ដូរឱ្យប្រើ { $address }។ ប្រសិនបើមិនមែនអ្នកធ្វើទេ សូមកំណត់ពាក្យសម្ងាត់ឡើងវិញ ហើយទាក់ទងមកយើងភ្លាម។
sms-contact-changed-body = Mekong Mall៖ គណនីរបស់អ្នកត្រូវបានប្ដូរឱ្យប្រើ { $address }។ ប្រសិនបើមិនមែនអ្នកទេ សូមកំណត់ពាក្យសម្ងាត់ឡើងវិញឥឡូវនេះ។

## Errors: user centre: addresses and opening a shop
error-shop-apply-name = ឈ្មោះ​ហាង​មាន​យ៉ាង​ច្រើន { $max } អក្សរ ឬ​លេខ ហើយ​គ្មាន​តួអក្សរ​ពិសេស
error-shop-apply-intro = ការ​ពិពណ៌នា​ហាង​ត្រូវ​មាន​ពី { $min } ដល់ { $max } តួអក្សរ
error-shop-apply-address = អាសយដ្ឋាន​លម្អិត​របស់​ហាង​ត្រូវ​មាន​ពី { $min } ដល់ { $max } តួអក្សរ
error-shop-apply-tel = សូម​បញ្ចូល​លេខ​ទូរសព្ទ​ទំនាក់ទំនង​ត្រឹមត្រូវ (ពី { $min } ដល់ { $max } ខ្ទង់)
error-shop-apply-category = សូម​ជ្រើសរើស​ប្រភេទ​ទំនិញ​ចម្បង​របស់​ហាង
error-shop-apply-pictures = សូម​ផ្ទុក​រូបភាព​លក្ខណៈ​សម្បត្តិ​ពី { $min } ដល់ { $max } (អាជ្ញាប័ណ្ណ​អាជីវកម្ម និង​អត្តសញ្ញាណប័ណ្ណ)
error-shop-apply-under-review = ពាក្យ​ស្នើសុំ​បើក​ហាង​របស់​អ្នក​កំពុង​ត្រូវ​បាន​ពិនិត្យ។ សូម​រង់ចាំ​លទ្ធផល
error-shop-apply-has-shop = អ្នក​មាន​ហាង​រួច​ហើយ
error-store-account = គណនី​ហាង​ត្រូវ​មាន​ពី { $min } ដល់ { $max } អក្សរ​ឡាតាំង លេខ ឬ​សញ្ញា​គូស​ក្រោម
error-store-password = ពាក្យ​សម្ងាត់​ហាង​ត្រូវ​មាន​ពី { $min } ដល់ { $max } តួអក្សរ ដោយ​គ្មាន​ដកឃ្លា
error-store-account-not-approved = អាច​កំណត់​គណនី​ហាង​បាន​លុះត្រា​តែ​ពាក្យ​ស្នើសុំ​បើក​ហាង​ត្រូវ​បាន​អនុម័ត
error-store-account-set = គណនី​ហាង​ត្រូវ​បាន​កំណត់​រួច​ហើយ
error-store-account-taken = គណនី​ហាង​នេះ​មាន​គេ​ប្រើ​ហើយ។ សូម​ជ្រើសរើស​មួយ​ផ្សេង​ទៀត

## reviews
error-review-item-not-found = ទំនិញ​ក្នុង​ការបញ្ជាទិញ​នេះ​មិន​មាន​ទេ
error-review-order-not-found = ការបញ្ជាទិញ​នេះ​មិន​មាន​ទេ
error-review-not-received = អ្នក​អាច​វាយតម្លៃ​ទំនិញ​បាន​លុះត្រា​តែ​បាន​ទទួល​វា​រួច
error-review-done = អ្នក​បាន​វាយតម្លៃ​ទំនិញ​នេះ​រួច​ហើយ
error-review-score = សូម​ជ្រើសរើស​ពិន្ទុ​ពី { $min } ដល់ { $max } ផ្កាយ
error-review-text = ការវាយតម្លៃ​អាច​មាន​រហូត​ដល់ { $max } តួអក្សរ
error-review-text-blank = សូមសរសេរពាក្យខ្លះៗអំពីទំនិញ៖ ការវាយតម្លៃមិនអាចមានតែដកឃ្លាទេ
error-review-text-control = ការវាយតម្លៃ​មាន​តួអក្សរ​ដែល​មិន​អាច​បង្ហាញ​បាន
error-review-pics-count = ការវាយតម្លៃ​មួយ​អាច​មាន​រូបភាព​រហូត​ដល់ { $max }
error-review-pic = សូម​ផ្ទុក​រូបភាព​នៃ​ការវាយតម្លៃ​ឡើង​វិញ៖ រូបភាព​មួយ​ក្នុង​ចំណោម​នោះ​មិន​មែន​ជា​រូបភាព​ដែល​អ្នក​បាន​ផ្ទុក​ឡើង​ទេ

## refunds
error-refund-order-not-found = ការបញ្ជាទិញនេះមិនមានទេ
error-refund-not-found = សំណើសងប្រាក់នេះមិនមានទេ
error-refund-not-refundable = ការបញ្ជាទិញនេះមិនអាចសងប្រាក់វិញបានទេ៖ មិនទាន់បានបង់ប្រាក់ បានបិទ ឬប្រាក់ដែលបានបង់ទាំងអស់ត្រូវបានស្នើសុំវិញរួចហើយ
error-refund-not-shipped = ទំនិញដែលមិនទាន់បានដឹកជញ្ជូន មិនអាចប្រគល់វិញបានទេ សូមជ្រើសរើសសងប្រាក់តែប៉ុណ្ណោះ
error-refund-apply-type = សូមជ្រើសរើសសងប្រាក់តែប៉ុណ្ណោះ ឬប្រគល់ទំនិញ និងសងប្រាក់
error-refund-reason = សូមជ្រើសរើសមូលហេតុនៃការសងប្រាក់
error-refund-goods-min = ចំនួនសងវិញត្រូវតែយ៉ាងហោចណាស់ 1
error-refund-goods-max = ចំនួនសងវិញអាចមានច្រើនបំផុត { $max }
error-refund-amount-min = ចំនួនទឹកប្រាក់សងវិញត្រូវតែយ៉ាងហោចណាស់ 0.01
error-refund-amount-max = ចំនួនទឹកប្រាក់សងវិញអាចមានច្រើនបំផុត ${ $max }
error-refund-note = កំណត់ចំណាំអាចមានរហូតដល់ { $max } តួអក្សរ
error-refund-note-control = កំណត់ចំណាំមានតួអក្សរដែលមិនអាចបង្ហាញបាន
error-refund-vouchers = អ្នកអាចបន្ថែមភស្តុតាងបានរហូតដល់ { $max }
error-refund-voucher = សូមផ្ទុកភស្តុតាងឡើងវិញ៖ រូបភាពមួយក្នុងចំណោមនោះមិនមែនជារូបភាពដែលអ្នកបានផ្ទុកឡើងទេ
error-refund-state = សំណើសងប្រាក់នេះមិនអាចធ្វើដូច្នេះបានឥឡូវនេះទេ សូមផ្ទុកទំព័រឡើងវិញដើម្បីមើលស្ថានភាពបច្ចុប្បន្ន
error-refund-exceeds = សំណើមួយផ្សេងទៀតបានស្នើសុំអ្វីដែលនៅសល់នៃការបញ្ជាទិញនេះរួចហើយ
error-refund-carrier = សូមបញ្ចូលក្រុមហ៊ុនដឹកជញ្ជូន (រហូតដល់ { $max } តួអក្សរ)
error-refund-tracking = សូមបញ្ចូលលេខតាមដាន (រហូតដល់ { $max } អក្សរ លេខ ឬសញ្ញាដក)
error-refund-mobile = សូមបញ្ចូលលេខទូរសព្ទ { $digits } ខ្ទង់
error-refund-intervention-reason = សូមពន្យល់ពីមូលហេតុដែលវេទិកាគួរអន្តរាគមន៍ (រហូតដល់ { $max } តួអក្សរ)
error-refund-intervention-vouchers = អ្នកអាចបន្ថែមភស្តុតាងសម្រាប់វេទិកាបានរហូតដល់ { $max }

## invoices
error-invoice-order-not-found = ការបញ្ជាទិញនេះមិនមានទេ
error-invoice-not-paid = អាចស្នើសុំវិក្កយបត្របាន នៅពេលការបញ្ជាទិញត្រូវបានបង់ប្រាក់រួច
error-invoice-duplicate = វិក្កយបត្រសម្រាប់ការបញ្ជាទិញនេះត្រូវបានស្នើសុំរួចហើយ
error-invoice-header-type = សូមជ្រើសរើសថាវិក្កយបត្រសម្រាប់បុគ្គល ឬអង្គភាព
error-invoice-title-missing = សូមបញ្ចូលចំណងជើងវិក្កយបត្រ
error-invoice-title = ចំណងជើងវិក្កយបត្រអាចមានរហូតដល់ { $max } តួអក្សរ នៅលើបន្ទាត់តែមួយ
error-invoice-tax-number-missing = សូមបញ្ចូលលេខអត្តសញ្ញាណកម្មសារពើពន្ធរបស់អង្គភាព
error-invoice-tax-number = សូមបញ្ចូលលេខអត្តសញ្ញាណកម្មសារពើពន្ធត្រឹមត្រូវ៖ អក្សរ និងលេខ 15, 17, 18 ឬ 20 ខ្ទង់ ឬលេខ TIN កម្ពុជា ដូចជា K001-901234567
error-invoice-not-issued = វិក្កយបត្រមិនទាន់ត្រូវបានចេញនៅឡើយទេ
error-invoice-pdf-unavailable = មិនអាចបង្កើតឯកសារវិក្កយបត្របានទេឥឡូវនេះ។ សូមព្យាយាមម្តងទៀតពេលក្រោយ
invoice-pdf-title = វិក្កយបត្រ
invoice-pdf-electronic = វិក្កយបត្រអេឡិចត្រូនិក
invoice-pdf-number = លេខ
invoice-pdf-issued = ចេញថ្ងៃ
invoice-pdf-seller = អ្នកលក់
invoice-pdf-buyer = ចេញជូន
invoice-pdf-personal = បុគ្គល
invoice-pdf-unit = អង្គភាព
invoice-pdf-tax-number = លេខអត្តសញ្ញាណកម្មសារពើពន្ធ
invoice-pdf-order-number = លេខការបញ្ជាទិញ
invoice-pdf-order-date = ថ្ងៃបញ្ជាទិញ
invoice-pdf-item = ទំនិញ
invoice-pdf-quantity = ចំនួន
invoice-pdf-unit-price = តម្លៃឯកតា
invoice-pdf-amount = ទឹកប្រាក់
invoice-pdf-more-items = { $count ->
   *[other] និងទំនិញ { $count } ទៀត
}
invoice-pdf-goods = ទំនិញ
invoice-pdf-freight = ថ្លៃដឹកជញ្ជូន
invoice-pdf-discount = ការបញ្ចុះតម្លៃ
invoice-pdf-total = ទឹកប្រាក់បានបង់
invoice-pdf-currency = ទឹកប្រាក់គិតជាដុល្លារអាមេរិក (USD)
invoice-pdf-footer = ចេញដោយ { $shop } តាមរយៈ Mekong Mall។ វិក្កយបត្រនេះត្រូវបានបង្កើតដោយអេឡិចត្រូនិក។

## wallet
error-sign-in-done = អ្នកបានចុះឈ្មោះប្រចាំថ្ងៃរួចហើយសម្រាប់ថ្ងៃនេះ។ សូមត្រឡប់មកវិញនៅថ្ងៃស្អែក

## points-mall
error-score-prod-not-found = ទំនិញនេះមិនមាននៅក្នុងផ្សារពិន្ទុទេ
error-score-prod-sold-out = ទំនិញនេះត្រូវបានដូរអស់ហើយ
error-score-prod-stock = ទំនិញនេះនៅសល់តែ { $stocks } ប៉ុណ្ណោះ
error-score-points-insufficient = ពិន្ទុមិនគ្រប់គ្រាន់ទេ៖ ត្រូវការ { $needed } ពិន្ទុ ហើយអ្នកមាន { $points } ពិន្ទុ
error-score-order-count = ដូរបាន 1 ដល់ { $max } ក្នុងមួយដង

## members
error-member-plan = សូមជ្រើសរើសគម្រោងសមាជិកភាពមួយ

## chat
chat-platform-name = សេវាអតិថិជនរបស់ផ្សារ
error-chat-not-found = ការសន្ទនានេះមិនមានទេ
error-chat-no-support = ហាងនេះមិនមានសេវាជជែកទេ
error-chat-no-shop = មិនមានសេវាជជែករបស់ហាងទេ
error-chat-own-shop = អ្នកជាអ្នកឆ្លើយការជជែករបស់ហាងនេះដោយខ្លួនឯង
error-chat-empty = សូមសរសេរសារជាមុនសិន
error-chat-too-long = សារមួយអាចមានយ៉ាងច្រើន { $max } តួអក្សរ
error-chat-client-msg-id = សារនេះគ្មានលេខសម្គាល់ត្រឹមត្រូវទេ (យ៉ាងច្រើន { $max } អក្សរ ឬលេខ)
error-chat-picture = សូមផ្ញើរូបភាពដែលអ្នកបានផ្ទុកឡើង
error-chat-card = មិនអាចផ្ញើកាតផលិតផលនេះបានទេ
error-chat-too-fast = អ្នកកំពុងផ្ញើសារលឿនពេក (យ៉ាងច្រើន { $max } ក្នុង ១០ វិនាទី)។ សូមរង់ចាំបន្តិច ហើយព្យាយាមម្តងទៀត
error-chat-frame-too-large = សារនេះធំពេក (យ៉ាងច្រើន { $max } បៃ)
error-chat-bad-frame = មិនអាចអានសារនេះបានទេ
error-chat-not-websocket = ការតភ្ជាប់ជជែកត្រូវតែជា WebSocket

# Issue 47: open gateway payments per buyer.
error-pay-too-many-open = អ្នក​មាន​ការ​បង់​ប្រាក់ { $max } ដែល​កំពុង​រង់ចាំ​បញ្ចប់​រួច​ហើយ។ សូម​បញ្ចប់​មួយ ឬ​ព្យាយាម​ម្ដង​ទៀត​ក្នុង​រយៈពេល { $minutes } នាទី ពេល​ការ​បង់​ប្រាក់​ចាស់​ជាង​គេ​ផុត​កំណត់
