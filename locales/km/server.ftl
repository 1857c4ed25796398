# សារ​កំហុស​របស់ API (`msg` នៃ​ចម្លើយ​កំហុស)។
error-unauthorized = សូម​ចូល​គណនី​ជាមុន​សិន
error-not-found = រក​មិន​ឃើញ
error-internal = ម៉ាស៊ីន​មេ​កំពុង​មាន​បញ្ហា​បន្តិចបន្តួច
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
