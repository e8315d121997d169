/** The console's studies: the studies of a folder, read as they run, and a study started from the page. */
package org.oft.controller.service.studies;
