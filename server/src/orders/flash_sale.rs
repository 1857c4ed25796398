//! Flash sales under load, per node: admission control and a short-lived sold-out answer.
//!
//! A flash sale draws thousands of buyers to one row at one instant. Correctness rests on the
//! database alone: the activity's stock is taken by a conditional update inside the order's
//! transaction (`repo::take_stock`), whichever node runs it, so nothing here can oversell.
//! What this module decides is how one node behaves under the burst:
//!
//! - **Admission.** At most [`permits`] flash-sale confirmations and as many submissions of a
//!   node use the database at once: half its pool together, so pages, carts and sign-ins keep
//!   connections while a sale runs. The two steps queue apart, so a buyer who holds a
//!   confirmation is not held up by the crowd of new ones. A step waits at most [`MAX_WAIT`]
//!   for its turn and is otherwise answered "flash sale too busy, retry later" ([`BUSY`],
//!   `A00001`) instead of queueing into a timeout.
//! - **Sold out.** Once the database refused a flash sale for lack of its stock (too few units
//!   for `n`), this node answers "insufficient inventory" ([`SOLD_OUT`]) to purchases of `n`
//!   units or more of it at once, without touching the database, for [`SOLD_OUT_MS`] on the
//!   shared clock (`Db::now`). A cancel that returns stock of the sale (the buyer's or the
//!   expiry job's) clears that answer on this node; another node notices returned units at
//!   most [`SOLD_OUT_MS`] later, when its own answer runs out.
//!
//! The state of a node is kept per database (several test databases share one process).

use crate::db::Db;
use crate::orders::error::{OrderError, OrderResult};
use crate::orders::pricing::Purchase;
use api::orders::order_type;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// How long a flash-sale purchase waits for its turn before it is answered [`BUSY`].
pub const MAX_WAIT: Duration = Duration::from_millis(50);
/// How long a node answers [`SOLD_OUT`] on its own after the database refused a sale.
pub const SOLD_OUT_MS: i64 = 1_000;
/// "Flash sale too busy, retry later" (spec section 8).
pub const BUSY: &str = "error-order-flash-sale-busy";
/// "Insufficient inventory" (spec section 8): the sale's own stock is short.
pub const SOLD_OUT: &str = "error-order-insufficient-inventory";

/// The flash sale a purchase takes part in and how many units it takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sale {
    pub seckill_id: i64,
    pub units: i64,
}

impl Sale {
    /// The sale of a flash-sale purchase; none for any other purchase.
    pub fn of(purchase: &Purchase) -> Option<Sale> {
        if purchase.order_type != order_type::FLASH_SALE {
            return None;
        }
        Some(Sale {
            seckill_id: purchase.seckill_id.unwrap_or_default(),
            units: purchase.lines.iter().map(|l| l.count).sum(),
        })
    }
}

/// What a node knows about one sale.
#[derive(Debug, Clone, Copy, Default)]
struct Known {
    /// The database refused `below` units or more, until this time (shared clock).
    sold_out: Option<(i64, i64)>,
    /// Bumped by every cancel returning units, so a refusal read before it is not remembered.
    returns: u64,
}

/// The two steps of a purchase, which take their turns apart: a buyer who holds a
/// confirmation never queues behind the crowd of new confirmations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Confirm,
    Submit,
}

/// One node's admission and sold-out state for one database.
pub struct Gate {
    confirms: Arc<Semaphore>,
    submits: Arc<Semaphore>,
    sales: Mutex<HashMap<i64, Known>>,
}

impl Gate {
    fn new(permits: usize) -> Self {
        Gate {
            confirms: Arc::new(Semaphore::new(permits)),
            submits: Arc::new(Semaphore::new(permits)),
            sales: Mutex::new(HashMap::new()),
        }
    }

    fn known(&self, seckill_id: i64) -> Known {
        self.sales.lock().unwrap_or_else(|e| e.into_inner()).get(&seckill_id).copied().unwrap_or_default()
    }

    /// Refuses at once what the database refused a moment ago.
    pub fn check(&self, sale: Sale, now: i64) -> OrderResult<()> {
        match self.known(sale.seckill_id).sold_out {
            Some((below, until)) if now < until && sale.units >= below => Err(OrderError::InsufficientInventory),
            _ => Ok(()),
        }
    }

    /// Remembers that the database refused `sale` for lack of stock, unless units came back
    /// since `returns` was read.
    fn refused(&self, sale: Sale, returns: u64, now: i64) {
        let mut sales = self.sales.lock().unwrap_or_else(|e| e.into_inner());
        let known = sales.entry(sale.seckill_id).or_default();
        if known.returns != returns {
            return;
        }
        let below = match known.sold_out {
            Some((below, until)) if now < until => below.min(sale.units),
            _ => sale.units,
        };
        known.sold_out = Some((below, now + SOLD_OUT_MS));
    }

    fn returned(&self, seckill_id: i64) {
        let mut sales = self.sales.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(known) = sales.get_mut(&seckill_id) {
            known.sold_out = None;
            known.returns += 1;
        }
    }

    /// A turn at the database for `step`, waiting at most [`MAX_WAIT`]; else [`BUSY`].
    pub async fn admit(&self, step: Step) -> OrderResult<OwnedSemaphorePermit> {
        let turns = match step {
            Step::Confirm => &self.confirms,
            Step::Submit => &self.submits,
        };
        match tokio::time::timeout(MAX_WAIT, turns.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(OrderError::FlashSaleBusy),
        }
    }
}

/// Every node state of this process, by database URL.
static GATES: LazyLock<Mutex<HashMap<String, Arc<Gate>>>> = LazyLock::new(Default::default);

/// Flash-sale confirmations, and apart from them submissions, of a node using `db` at once: a
/// quarter of its pool each (at least one), so half the pool stays for the rest of the shop.
pub fn permits(db: &Db) -> usize {
    (db.pool.options().get_max_connections() as usize / 4).max(1)
}

/// This node's state for `db`.
pub fn gate(db: &Db) -> Arc<Gate> {
    let key = db.pool.connect_options().database_url.to_string();
    let mut gates = GATES.lock().unwrap_or_else(|e| e.into_inner());
    gates.entry(key).or_insert_with(|| Arc::new(Gate::new(permits(db)))).clone()
}

/// Runs `work`, the database part of a purchase. A flash-sale purchase first gets an
/// immediate sold-out answer or a turn (see the module), and a sold-out refusal of its work is
/// remembered; any other purchase runs as it is.
pub async fn guard<T>(
    db: &Db,
    sale: Option<Sale>,
    step: Step,
    work: impl Future<Output = OrderResult<T>>,
) -> OrderResult<T> {
    let Some(sale) = sale else { return work.await };
    let gate = gate(db);
    gate.check(sale, db.now())?;
    let _turn = gate.admit(step).await?;
    // It may have sold out while this purchase waited.
    gate.check(sale, db.now())?;
    let returns = gate.known(sale.seckill_id).returns;
    let result = work.await;
    if let Err(OrderError::InsufficientInventory) = &result {
        gate.refused(sale, returns, db.now());
    }
    result
}

/// Units of flash sale `seckill_id` went back to its stock (a cancel): every node state of
/// this process forgets that it sold out. Forgetting too much only costs a database check.
pub fn stock_returned(seckill_id: i64) {
    let gates: Vec<Arc<Gate>> = GATES.lock().unwrap_or_else(|e| e.into_inner()).values().cloned().collect();
    for gate in gates {
        gate.returned(seckill_id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SALE: Sale = Sale { seckill_id: 7, units: 1 };

    #[test]
    fn a_refusal_is_answered_at_once_for_a_while() {
        let gate = Gate::new(1);
        assert!(gate.check(SALE, 1_000).is_ok());
        gate.refused(SALE, 0, 1_000);
        assert!(gate.check(SALE, 1_000).is_err());
        assert!(gate.check(SALE, 1_000 + SOLD_OUT_MS - 1).is_err());
        assert!(gate.check(SALE, 1_000 + SOLD_OUT_MS).is_ok(), "the database decides again");
        assert!(gate.check(Sale { seckill_id: 8, ..SALE }, 1_000).is_ok(), "per sale");
    }

    #[test]
    fn a_refusal_of_many_units_does_not_refuse_fewer() {
        let gate = Gate::new(1);
        gate.refused(Sale { units: 3, ..SALE }, 0, 0);
        assert!(gate.check(Sale { units: 2, ..SALE }, 1).is_ok());
        assert!(gate.check(Sale { units: 3, ..SALE }, 1).is_err());
        assert!(gate.check(Sale { units: 4, ..SALE }, 1).is_err());
        gate.refused(Sale { units: 1, ..SALE }, 0, 2);
        assert!(gate.check(Sale { units: 1, ..SALE }, 3).is_err());
    }

    #[test]
    fn returned_units_clear_it_and_older_refusals_are_not_remembered() {
        let gate = Gate::new(1);
        gate.refused(SALE, 0, 0);
        let before = gate.known(SALE.seckill_id).returns;
        gate.returned(SALE.seckill_id);
        assert!(gate.check(SALE, 1).is_ok());
        // A refusal read before the units came back.
        gate.refused(SALE, before, 2);
        assert!(gate.check(SALE, 3).is_ok());
        gate.refused(SALE, gate.known(SALE.seckill_id).returns, 4);
        assert!(gate.check(SALE, 5).is_err());
    }

    #[tokio::test]
    async fn a_purchase_waits_briefly_then_hears_busy() {
        let gate = Gate::new(1);
        let held = gate.admit(Step::Submit).await.unwrap();
        assert!(gate.admit(Step::Confirm).await.is_ok(), "the steps take their turns apart");
        let started = std::time::Instant::now();
        match gate.admit(Step::Submit).await {
            Err(OrderError::FlashSaleBusy) => {}
            other => panic!("busy expected: {:?}", other.map(|_| ())),
        }
        assert!(started.elapsed() >= MAX_WAIT);
        drop(held);
        assert!(gate.admit(Step::Submit).await.is_ok());
    }

    #[tokio::test]
    async fn admission_follows_the_pool_an_operator_sets() {
        let dir = std::env::temp_dir().join(format!("mall-pool-{}", std::process::id()));
        let url = format!("sqlite://{}/mall.db", dir.display());
        assert_eq!(permits(&Db::connect_with(&url, None).await.unwrap()), 2, "SQLite's 8 by default");
        assert_eq!(permits(&Db::connect_with(&url, Some(20)).await.unwrap()), 5);
        assert_eq!(permits(&Db::connect_with(&url, Some(2)).await.unwrap()), 1, "at least one");
        assert_eq!(permits(&Db::connect_with(&url, Some(0)).await.unwrap()), 2, "0 is no setting");
        let _ = std::fs::remove_dir_all(dir);
    }
}
