//! Two real 2014 programs' rules as their recorded moves show them (`tests/data/field-games`):
//! orig-tables' per-lord tables and orig-margins' plans. Each rule is fitted twice, on the
//! records' odd seeds and on the even ones. The opponent model reads the odd seeds' fits
//! (`Rule::TablesOdd`, `Rule::MarginsOdd`); the workshop's sparring partners `tables` and
//! `margins` play the even seeds' fits, so that a table of them tests the model on moves no fit
//! of its saw, as the real programs do.

pub mod margins;
pub mod tables;
