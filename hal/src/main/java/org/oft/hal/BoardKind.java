package org.oft.hal;

/** What a board on the bench is. */
public enum BoardKind {
    /** Holds every routing node of one level of the optical fat tree. */
    ROUTER_LEVEL,
    /** One processing node: injects packets per its routing table. */
    PROCESSOR,
    /** One switch of an electrical fat tree: forwards by its linear forwarding table. */
    ELECTRICAL_SWITCH
}
