/**
 * {@code oftctl fattree}: one file per subcommand (show, routes, lft, export, analyze, deploy,
 * reroute), and {@link org.oft.controller.cli.fattree.RoutingArgs}, the options every routing
 * subcommand shares (also used by {@code oftctl flit}). Start at
 * {@link org.oft.controller.cli.fattree.FatTreeCommand}.
 */
package org.oft.controller.cli.fattree;
