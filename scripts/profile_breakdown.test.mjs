// node --test scripts/profile_breakdown.test.mjs (make test-widgets)
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { breakdown, classify, owners } from './profile_breakdown.mjs';

test("a trait impl's frame belongs to its type, then to its trait", () => {
  assert.deepEqual(owners('<&mut serde_json::de::Deserializer<R> as serde_core::de::Deserializer>::deserialize_struct'), [
    'serde_json::de::Deserializer<R>',
    'serde_core::de::Deserializer>::deserialize_struct',
  ]);
  assert.deepEqual(owners('tachys::html::element::attributes_to_html'), ['tachys::html::element::attributes_to_html']);
});

test('the nearest owning frame to the leaf wins; the allocator and the kernel serve their caller', () => {
  const html = ['tokio::runtime::task::harness::Harness<T,S>::poll', 'app::pages::home::Home', '<tachys::html::element::HtmlElement<E,At,Ch> as tachys::view::RenderHtml>::to_html_async_with_buf', 'alloc::raw_vec::RawVecInner<A>::finish_grow', 'mi_theap_umalloc'];
  assert.deepEqual(classify(html), { part: 'HTML', kernel: false });
  const db = ['app::api_client::server_side::ApiClient::get', 'axum::routing::Router<S>::call', 'server::cart::repo::lines', 'sqlx_core::query::Query::fetch_all', 'flume::Shared<T>::send', 'syscall', 'entry_SYSCALL_64_after_hwframe', 'do_syscall_64', '__x64_sys_futex'];
  assert.deepEqual(classify(db), { part: 'database', kernel: true });
  const json = ['app::api_client::server_side::ApiClient::get', '<(A,B) as serde_core::de::Deserialize>::deserialize'];
  assert.deepEqual(classify(json), { part: 'JSON', kernel: false });
});

test('shares are weighed by the samples', () => {
  const { all, parts } = breakdown('t;app::x 30\nt;sqlx_core::y 10\nt;fluent_bundle::z 60\n');
  assert.equal(all, 100);
  assert.deepEqual(parts.map(([part, t]) => [part, t.all]), [['Fluent', 60], ['HTML', 30], ['database', 10]]);
});
