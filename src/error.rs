//! The crate's errors. Every fallible core function returns [`Result`]; the
//! wasm boundary turns an [`Error`] into a thrown JS `Error` with the same
//! message (see `web`), so no error crosses as a panic.

use std::fmt;

/// What can go wrong between facts and an extraction.
#[derive(Debug, Clone, PartialEq)]
pub enum Error {
    /// The facts describe no nodes at all (a walker found no `<body>`).
    EmptyPage,
    /// A node's `parent` index does not point at an earlier node. Facts are
    /// in document (pre-)order, so a parent always comes before its children.
    BadParent { node: usize, parent: i64 },
    /// The first node is not the root (its parent must be -1), or a later
    /// node claims to be a second root.
    BadRoot { node: usize },
    /// Node 0, the root of the walk, is a text node.
    TextRoot,
    /// A text node has a parent that is itself a text node.
    TextParent { node: usize },
    /// A node names an earlier node whose subtree has already ended: the
    /// facts are not in document (pre-)order, and the model's subtrees
    /// (contiguous ranges of ids) would mix unrelated nodes.
    OutOfOrder { node: usize, parent: usize },
    /// A front-end could not read the page (the message says why).
    Frontend(String),
    /// Options or facts could not be decoded from their serialised form.
    Decode(String),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::EmptyPage => write!(f, "pith: the page has no nodes to score"),
            Error::BadParent { node, parent } => write!(
                f,
                "pith: node {node} names parent {parent}, which is not an earlier node"
            ),
            Error::BadRoot { node } => write!(
                f,
                "pith: node {node} is a root (parent -1), but only node 0 may be"
            ),
            Error::TextRoot => write!(f, "pith: node 0, the root, must be an element"),
            Error::TextParent { node } => {
                write!(f, "pith: node {node} has a text node as its parent")
            }
            Error::OutOfOrder { node, parent } => write!(
                f,
                "pith: node {node} names parent {parent}, whose subtree has already ended \
                 (facts must be in document order)"
            ),
            Error::Frontend(msg) => write!(f, "pith: {msg}"),
            Error::Decode(msg) => write!(f, "pith: could not decode input: {msg}"),
        }
    }
}

impl std::error::Error for Error {}

/// The crate's result type.
pub type Result<T> = std::result::Result<T, Error>;
