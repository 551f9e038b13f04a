//! # klaver-io: files in, documents out
//!
//! Reading what the tables entered ([`travellers`]: klaver's travellers CSV and the pairs
//! file) and writing what the club publishes: the [`report`] model of a scored session,
//! rendered as plain [`text`] and [`json`] for other programs; and the exchange formats
//! clubs move data with: [`pbn`] (PBN 2.1) and [`usebio`] (USEBIO XML 1.2), recognised by
//! content in [`detect`], with what they carry besides the travellers in [`exchange`].
//!
//! Nothing here computes a score: the numbers come from `klaver-core`, and this crate
//! only reads them in and lays them out.

pub mod archive;
pub mod compare;
pub mod dealing_machine;
pub mod detect;
pub mod exchange;
pub mod generate;
pub mod guide_cards;
pub mod hand_record;
pub mod hand_record_doc;
mod hand_record_pbn;
pub mod html;
pub mod imp_report;
pub mod input;
pub mod invisible;
pub mod json;
mod json_check;
mod json_once;
mod json_places;
pub mod options;
pub mod pads;
pub mod pbn;
mod pbn_syntax;
pub mod pdf;
mod plain_csv;
mod pretty_json;
pub mod published_analysis;
pub mod published_par;
pub mod quotes;
pub mod ranking_io;
pub mod report;
pub mod said;
#[cfg(test)]
mod test_support;
pub mod text;
pub mod travellers;
pub mod usebio;
