use super::*;
use utoipa::openapi::schema::{AnyOfBuilder, ObjectBuilder, Schema, Type};
use utoipa::openapi::{Ref, RefOr};
use utoipa::ToSchema;

type Schemas = Vec<(String, RefOr<Schema>)>;

/// `kind` and `{type: kind, dataField: T}`, with `T`'s schemas added to `schemas`.
fn variant<T: ToSchema>(kind: &'static str, schemas: &mut Schemas) -> (&'static str, ObjectBuilder) {
    schemas.push((T::name().into_owned(), T::schema()));
    T::schemas(schemas);
    let object = ObjectBuilder::new()
        .property("type", ObjectBuilder::new().schema_type(Type::String).enum_values(Some([kind])))
        .required("type")
        .property("dataField", Ref::from_schema_name(T::name()))
        .required("dataField");
    (kind, object)
}

/// Every known block type with the schema of its data, in [`BLOCK_TYPES`] order.
pub(super) fn variants(schemas: &mut Schemas) -> Vec<(&'static str, ObjectBuilder)> {
    vec![
        variant::<Carousel>("picture_by", schemas),
        variant::<Spacer>("auxiliary_interval", schemas),
        variant::<FloorTitle>("floor_title", schemas),
        variant::<GoodsList>("goods_list", schemas),
        variant::<Hotspots>("universal_hotspot", schemas),
        variant::<StoreList>("store_list", schemas),
        variant::<GoodsList>("limited_skill", schemas),
        variant::<GoodsList>("discount_coupon", schemas),
        variant::<ModuleColumns>("goods_module1", schemas),
        variant::<ModuleFeature>("goods_module2", schemas),
        variant::<ModuleGroups>("goods_module3", schemas),
        variant::<ModuleBanner>("goods_module4", schemas),
        variant::<ModuleBanner>("goods_module5", schemas),
        variant::<PageBackground>("page_background", schemas),
        variant::<ShopSigns>("shop_signs", schemas),
    ]
}

impl utoipa::PartialSchema for Block {
    fn schema() -> RefOr<Schema> {
        let other = ObjectBuilder::new()
            .description(Some("A block of another type: kept as it is, not shown."))
            .property("type", ObjectBuilder::new().schema_type(Type::String))
            .required("type");
        let any_of = AnyOfBuilder::new()
            .description(Some("A block of a decorated page: its `type` and the settings of that type."));
        let known = variants(&mut Vec::new()).into_iter().map(|(_, schema)| schema);
        known.fold(any_of, |any_of, schema| any_of.item(schema)).item(other).into()
    }
}

impl ToSchema for Block {
    fn schemas(schemas: &mut Schemas) {
        variants(schemas);
    }
}
