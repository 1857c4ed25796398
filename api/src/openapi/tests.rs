use super::*;
use serde_json::Value;

fn json() -> Value {
    serde_json::from_str(&super::json().expect("serializes")).expect("JSON")
}

#[test]
fn the_document_is_openapi_3_1() {
    let doc = json();
    assert!(doc["openapi"].as_str().is_some_and(|v| v.starts_with("3.1.")), "{}", doc["openapi"]);
    assert_eq!(doc["servers"][0]["url"], "/api");
    assert_eq!(
        doc["components"]["schemas"]["Code"]["enum"],
        serde_json::json!(["00000", "A00001", "A00002", "A00004", "A00005"])
    );
}

#[test]
fn every_operation_tag_is_declared_with_its_description() {
    let doc = json();
    let declared: Vec<&str> = doc["tags"].as_array().expect("tags").iter().filter_map(|t| t["name"].as_str()).collect();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("path item") {
            for tag in op["tags"].as_array().into_iter().flatten().filter_map(Value::as_str) {
                assert!(declared.contains(&tag), "{method} {path}: tag \"{tag}\" is not in TAGS");
            }
        }
    }
}

#[test]
fn every_path_constant_is_documented_exactly_once() {
    let doc = json();
    let documented = doc["paths"].as_object().expect("paths");
    for path in paths::ALL {
        assert!(documented.contains_key(path.value), "{} ({}) is not documented", path.name, path.value);
        let count = paths::ALL.iter().filter(|p| p.value == path.value).count();
        assert_eq!(count, 1, "{} is the value of {count} constants", path.value);
    }
    assert_eq!(documented.len(), paths::ALL.len(), "the document has paths that are no constant");
}

#[test]
fn operations_carry_their_parameters_bodies_and_data() {
    let doc = json();
    let op = |path: &str, method: &str| doc["paths"][path][method].clone();

    let search = op(paths::SEARCH_PAGE, "get");
    let names: Vec<&str> = search["parameters"].as_array().unwrap().iter().filter_map(|p| p["name"].as_str()).collect();
    for name in ["locale", "current", "size", "sort", "orderBy", "keyword", "isAllProdType", "shopCategoryId"] {
        assert!(names.contains(&name), "{name} missing from {names:?}");
    }
    let answer = &search["responses"]["200"]["content"]["application/json"]["schema"]["oneOf"];
    assert_eq!(answer[1]["$ref"], "#/components/schemas/Refusal");
    let data = &answer[0]["allOf"];
    assert_eq!(data[0]["$ref"], "#/components/schemas/Envelope");
    assert_eq!(
        data[1]["properties"]["data"]["properties"]["records"]["items"]["$ref"],
        "#/components/schemas/SearchRecord"
    );

    let notices = op(paths::TOP_NOTICE_LIST, "get");
    let shop = notices["parameters"].as_array().unwrap().iter().find(|p| p["in"] == "path").unwrap().clone();
    assert_eq!(shop["name"], "shopId");
    assert_eq!(shop["required"], true);

    let login = op(paths::LOGIN, "post");
    assert_eq!(
        login["requestBody"]["content"]["application/json"]["schema"]["$ref"],
        "#/components/schemas/LoginRequest"
    );
    let code = op(paths::SMS_SEND_LOGIN_CODE, "post");
    assert!(code["requestBody"]["content"]["application/x-www-form-urlencoded"].is_object());
    assert_eq!(op(paths::USER_SEND_BIND_SMS, "put")["tags"][0], "accounts");
    assert!(op(paths::USER_INFO, "get")["security"].is_array(), "/p/ paths need the session");
    assert_eq!(op(paths::PROD_INFO, "get")["security"], serde_json::json!([]), "open to anyone");
    assert_eq!(op(paths::COUPON_INFO, "get")["security"][0], serde_json::json!({}), "guests too");

    let page = search["parameters"].as_array().unwrap().iter().find(|p| p["name"] == "current").unwrap().clone();
    assert_eq!(page["allowEmptyValue"], true, "an empty optional value is taken as not given");

    let check = op(paths::USER_CHECK_USER, "post");
    let input = check["parameters"].as_array().unwrap().iter().find(|p| p["name"] == "input").unwrap().clone();
    assert_eq!((input["in"].as_str(), input["required"].as_bool()), (Some("query"), Some(true)));
    assert!(input.get("allowEmptyValue").is_none(), "a required value must be given");
}

#[test]
fn summaries_are_the_gist_of_the_doc_comment() {
    let doc = json();
    let summary = |path: &str, method: &str| doc["paths"][path][method]["summary"].as_str().unwrap().to_string();
    assert_eq!(summary(paths::PROD_INFO, "get"), "Everything the detail page shows of a product (`ProductDetail`)");
    assert_eq!(summary(paths::LOG_OUT, "post"), "Ends the session and clears the session cookie");
}

#[test]
fn pages_are_spelled_out_with_the_fields_of_page() {
    let page = serde_json::to_value(Page::<()>::default()).unwrap();
    let mut fields: Vec<&String> = page.as_object().unwrap().keys().collect();
    fields.sort();
    let doc = json();
    let schema = &doc["paths"][paths::NOTICE_LIST]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
        ["oneOf"][0]["allOf"][1]["properties"]["data"];
    let mut documented: Vec<&String> = schema["properties"].as_object().unwrap().keys().collect();
    documented.sort();
    assert_eq!(documented, fields);
}

#[test]
fn every_reference_resolves() {
    let text = document().to_json().unwrap();
    let doc: Value = serde_json::from_str(&text).unwrap();
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for reference in text.split("\"$ref\":\"").skip(1).map(|rest| &rest[..rest.find('"').unwrap()]) {
        let name = reference.strip_prefix("#/components/schemas/").unwrap_or_else(|| panic!("{reference}"));
        assert!(schemas.contains_key(name), "{reference} does not resolve");
    }
}
