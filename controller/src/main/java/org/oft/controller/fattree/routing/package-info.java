/**
 * The routing engines, OpenSM-style: one class per algorithm behind
 * {@link org.oft.controller.fattree.routing.RoutingEngine}, chosen by name from
 * {@link org.oft.controller.fattree.routing.RoutingEngines}; each a pure function of (topology,
 * {@link org.oft.controller.fattree.routing.RoutingOptions}). D-mod-K and S-mod-K (Zahavi, 000),
 * random, the node-type grouped Gdmodk/Gsmodk (Gliksberg et al., 001), and the limited multi-path
 * engines shift-1, disjoint and K random paths (Mahapatra et al., 002). Destination-keyed results
 * are {@link org.oft.controller.fattree.routing.ForwardingTables} (one flat byte array);
 * {@link org.oft.controller.fattree.routing.Reroute} keeps them valid around failures. Depends on
 * {@code topology} only.
 */
package org.oft.controller.fattree.routing;
